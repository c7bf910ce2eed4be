/**
 * A connection to one GoDice (dice-ble §2): connect → discover the Nordic UART service → subscribe to …0003 →
 * init message (`19 …`) → battery and colour requests. `R` marks a roll under way, `S` ends it with a vector read
 * through the configured shell; `FS`/`MS` are not rolls, `TS` (tilt stable) asks for a re-roll. GoDice has no
 * "request state" message, so a roll under way when the link dropped is reported as lost.
 *
 * The init message may be answered with an `S` saying where the die lies (undocumented, dice-ble §2.3): such an
 * `S` is not a roll. The die answers in order, so once it has answered the battery or colour request sent after
 * init, any answer to init has come; setup waits for that (at most `INIT_ANSWER_MS`), and the die is connected —
 * and every `S` after that a roll — only then. (A window timed from init, running on after the die showed as
 * connected, took the first roll of a freshly connected die whose `R` was lost for that answer.)
 */
import type { BlePeripheral } from "../../ble/seam.ts";
import { toHex } from "../../ble/seam.ts";
import { RollWatch } from "../roll-watch.ts";
import { type DieSession, type SessionContext, SessionLifetime } from "../session.ts";
import { goDiceLight } from "./light.ts";
import { blinkLeds, decodeGoDiceMessage, GODICE_UUIDS, initMessage, requestBattery, requestColor } from "./messages.ts";
import { type GoDiceShell, goDiceFace, shellKind } from "./shells.ts";

export const GODICE_CONNECT_TIMEOUT_MS = 10_000;
/** At most this long the die's first answer is waited for in setup, before the die counts as connected. */
export const INIT_ANSWER_MS = 2_000;

/** The answers a die gives when asked (battery, colour) or of its own (charging): never a roll. */
const ANSWERS = ["Bat", "Col", "Char"].map((w) => [...w].map((c) => c.charCodeAt(0)));

/** Whether a message's first bytes (at least one) are those of an answer: what is left of a garbled answer. */
export function beginsAsAnswer(bytes: Uint8Array): boolean {
  const head = [...bytes.subarray(0, 4)];
  return head.length > 0 && ANSWERS.some((a) => head.every((b, i) => i >= a.length || a[i] === b));
}

/** Opens a session; rejects (after disconnecting) when the die cannot be set up. */
export async function openGoDiceSession(peripheral: BlePeripheral, ctx: SessionContext, shell: GoDiceShell): Promise<DieSession> {
  const { sink, clock } = ctx;
  const lifetime = new SessionLifetime(peripheral);
  // GoDice cannot be asked for its state: a roll whose `S` never comes is reported lost
  const watch = new RollWatch({ clock, ask: null, giveUp: (reason) => sink.rollLost(reason) });
  /** Until setup ends: an `S` with no `R` before it is the die's answer to init. */
  let initWindow = true;
  let answered: (() => void) | null = null;
  let rolling = false;
  let lastStable: string | null = null;
  const gotAnswer = () => answered?.();

  const handle = (bytes: Uint8Array) => {
    const decoded = decodeGoDiceMessage(bytes);
    if (!decoded.ok) {
      sink.rejected(bytes, decoded.error);
      // Once connected, a garbled message may have been a roll's `S`, even just after a request (issue 27: a roll
      // whose `R` was lost and whose `S` came garbled within 2 s of the battery request at connect was taken for the
      // garbled answer, and lost silently). What is left of it says which: one that still begins as an answer
      // (`Bat`, `Col`, `Char`) is one; any other is watched, and with no `S` after it the roll is announced.
      if (!initWindow && !beginsAsAnswer(bytes)) watch.garbled();
      return;
    }
    const m = decoded.value;
    switch (m.type) {
      case "rollStart":
        rolling = true;
        watch.moving();
        return sink.observe({ state: "rolling", face: null, via: "notify" });
      case "stable": {
        watch.settled();
        const face = goDiceFace(shell, m.x, m.y, m.z);
        const raw = toHex(bytes);
        const repeated = raw === lastStable; // the very same bytes again: a resent notification, not a new rest
        lastStable = raw;
        const wasRolling = rolling;
        rolling = false;
        if (m.kind !== "S") return sink.observe({ state: m.kind === "TS" ? "crooked" : "handling", face, via: "notify" });
        // An `S` during setup with no `R` before it (an answer to init, undocumented) says where the die lies.
        if (!wasRolling && initWindow) return sink.observe({ state: "onFace", face, via: "sync" });
        // Otherwise an `S` ends a roll even when its `R` was lost: real readings are never bit-identical, so new
        // bytes on the same face are a new roll, and the gate must see it start.
        if (!wasRolling && !repeated) sink.observe({ state: "rolling", face: null, via: "notify" });
        return sink.observe({ state: "rolled", face, via: "notify" });
      }
      case "battery":
        gotAnswer();
        return sink.battery(m.level);
      case "color":
        gotAnswer();
        return sink.color(m.color);
      case "charging":
        return sink.notice(m.charging ? "charging" : "charging stopped");
      default:
        return;
    }
  };

  let send: (bytes: Uint8Array) => Promise<void> = async () => undefined;
  await lifetime.setUp(async () => {
    await peripheral.connect({ timeoutMs: GODICE_CONNECT_TIMEOUT_MS });
    const service = (await peripheral.discover([GODICE_UUIDS.service])).find((s) => s.uuid === GODICE_UUIDS.service);
    const notify = service?.characteristics.find((c) => c.uuid === GODICE_UUIDS.notify);
    const write = service?.characteristics.find((c) => c.uuid === GODICE_UUIDS.write);
    if (!notify || !write) throw new Error("no GoDice (Nordic UART) characteristics on this peripheral");
    await lifetime.subscribe(notify, handle);
    const withoutResponse = !write.properties.includes("write");
    send = (bytes) => write.write(bytes, withoutResponse);
    if (!ctx.firstConnection) sink.restoredWithoutSync();
    sink.identified(shellKind(shell), { shell });
    // the first answer to a request sent after init closes the init window (or the time bound, or a drop)
    let offDrop: () => void = () => undefined;
    const initAnswered = new Promise<void>((done) => {
      const timer = clock.after(INIT_ANSWER_MS, done);
      const end = () => {
        timer.cancel();
        done();
      };
      answered = end;
      offDrop = peripheral.onDisconnect(end);
    });
    await send(initMessage());
    await send(requestBattery());
    await send(requestColor());
    await initAnswered;
    answered = null;
    offDrop();
    initWindow = false;
    sink.rssi(await peripheral.readRssi());
  });

  return {
    async identify() {
      if (lifetime.closed) return false;
      await send(blinkLeds({ pulses: 4, onMs: 300, offMs: 300, color: 0xffffff }));
      return true;
    },
    async light(l) {
      if (lifetime.closed) return false;
      await send(goDiceLight(l));
      return true;
    },
    async poll() {
      if (lifetime.closed) return;
      await send(requestBattery());
      sink.rssi(await peripheral.readRssi());
    },
    close: () => {
      watch.close();
      return lifetime.close();
    },
  };
}
