/**
 * A connection to one GoDice (dice-ble §2): connect → discover the Nordic UART service → subscribe to …0003 →
 * init message (`19 …`) → battery and colour requests. `R` marks a roll under way, `S` ends it with a vector read
 * through the configured shell; `FS`/`MS` are not rolls, `TS` (tilt stable) asks for a re-roll. GoDice has no
 * "request state" message, so a roll under way when the link dropped is reported as lost.
 */
import type { BlePeripheral } from "../../ble/seam.ts";
import { type DieSession, type SessionContext, SessionLifetime } from "../session.ts";
import { blinkLeds, decodeGoDiceMessage, GODICE_UUIDS, initMessage, requestBattery, requestColor } from "./messages.ts";
import { type GoDiceShell, goDiceFace, shellKind } from "./shells.ts";

export const GODICE_CONNECT_TIMEOUT_MS = 10_000;

/** Opens a session; rejects (after disconnecting) when the die cannot be set up. */
export async function openGoDiceSession(peripheral: BlePeripheral, ctx: SessionContext, shell: GoDiceShell): Promise<DieSession> {
  const { sink } = ctx;
  const lifetime = new SessionLifetime(peripheral);
  let sawRollStart = false;

  const handle = (bytes: Uint8Array) => {
    const decoded = decodeGoDiceMessage(bytes);
    if (!decoded.ok) return sink.rejected(bytes, decoded.reason);
    const m = decoded.value;
    switch (m.type) {
      case "rollStart":
        sawRollStart = true;
        return sink.observe({ state: "rolling", face: null, via: "notify" });
      case "stable": {
        const face = goDiceFace(shell, m.x, m.y, m.z);
        // An `S` before any `R` on this connection (e.g. an answer to init, which is undocumented) says where the
        // die lies, not that it was rolled.
        const settled = sawRollStart ? "rolled" : "onFace";
        const state = m.kind === "S" ? settled : m.kind === "TS" ? "crooked" : "handling";
        return sink.observe({ state, face, via: "notify" });
      }
      case "battery":
        return sink.battery(m.level);
      case "color":
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
    await send(initMessage());
    await send(requestBattery());
    await send(requestColor());
    sink.rssi(await peripheral.readRssi());
  });

  return {
    async identify() {
      if (lifetime.closed) return false;
      await send(blinkLeds({ pulses: 4, onMs: 300, offMs: 300, color: 0xffffff }));
      return true;
    },
    async poll() {
      if (lifetime.closed) return;
      await send(requestBattery());
      sink.rssi(await peripheral.readRssi());
    },
    close: () => lifetime.close(),
  };
}
