/**
 * A connection to one Pixels die (dice-ble §1.6): connect → discover either service generation → subscribe →
 * WhoAreYou, wait for IAmADie (10 s, as pixels-js) → RequestRollState (the resync: after every (re)connect) →
 * battery and RSSI. RollState notifications go to the link as observations; the roll gate decides what is a roll.
 */
import type { BleCharacteristic, BlePeripheral } from "../../ble/seam.ts";
import type { PhysicalDieKind } from "../../readings.ts";
import type { DieState } from "../roll-gate.ts";
import { RollWatch } from "../roll-watch.ts";
import { type DieSession, type SessionContext, SessionLifetime } from "../session.ts";
import { crookedMeansRolled, faceFromIndex, pixelsPhysicalKind } from "./faces.ts";
import type { PixelsDieInfo } from "./iamadie.ts";
import { PIXELS_CURRENT, PIXELS_LEGACY, PIXELS_ROLL_STATES, type PixelsDieType, PixelsMessageType } from "./ids.ts";
import { pixelsLight } from "./light.ts";
import { blink, decodePixelsMessage, requestBatteryLevel, requestRollState, whoAreYou } from "./messages.ts";

/** pixels-js `Constants.ts`: connect 10 s, request 10 s. */
export const PIXELS_CONNECT_TIMEOUT_MS = 10_000;
export const PIXELS_REQUEST_TIMEOUT_MS = 10_000;
/** How long the next RollState is taken as the reply to RequestRollState. */
export const SYNC_REPLY_WINDOW_MS = 2_000;
/**
 * While connected and no roll is awaited, the roll state is asked for this often: a roll whose every report was
 * lost still shows (on another face) at the next answer instead of never.
 */
export const HEARTBEAT_MS = 5_000;

/**
 * A garbled RollState counts as an unseen change of state only after this long without a decoded one: one that
 * follows decoded reports at once is part of the same exchange (the late answer to a request, a resent report).
 */
export const UNSEEN_CHANGE_QUIET_MS = 1_000;

export interface PixelsSessionOptions {
  /** The kind from configuration, used when the die does not say (or its IAmADie was lost). */
  readonly configKind?: PhysicalDieKind;
}

function findCharacteristics(services: Awaited<ReturnType<BlePeripheral["discover"]>>) {
  for (const ids of [PIXELS_CURRENT, PIXELS_LEGACY]) {
    const service = services.find((s) => s.uuid === ids.service);
    const notify = service?.characteristics.find((c) => c.uuid === ids.notify && c.properties.includes("notify"));
    const write = service?.characteristics.find((c) => c.uuid === ids.write);
    if (notify && write) return { generation: ids === PIXELS_CURRENT ? "current" : "legacy", notify, write };
  }
  return null;
}

/** Opens a session; rejects (after disconnecting) when the die cannot be set up. */
export async function openPixelsSession(
  peripheral: BlePeripheral,
  ctx: SessionContext,
  options: PixelsSessionOptions = {},
): Promise<DieSession> {
  const { sink, clock, logger } = ctx;
  let info: PixelsDieInfo | null = null;
  let dieType: PixelsDieType = "unknown";
  let kind: PhysicalDieKind = options.configKind ?? "d6";
  /** When the roll state was last asked for; an answer is awaited until it comes or the window ends. */
  let askedAt: number | null = null;
  const awaitingSync = () => askedAt !== null && clock.now() - askedAt < SYNC_REPLY_WINDOW_MS;
  /**
   * A RollState arrived garbled while none was asked for: the die changed state unseen (it reports only changes),
   * so a `rolled` that follows is a new roll even on the face it showed before.
   */
  let changedUnseen = false;
  /** When the last RollState was decoded: a garbled one right after it is the same exchange (a late answer). */
  let lastStateAt = Number.NEGATIVE_INFINITY;
  let onInfo: (() => void) | null = null;
  let write: BleCharacteristic | null = null;
  const lifetime = new SessionLifetime(peripheral);
  const askState = async () => {
    if (lifetime.closed || !write) return;
    askedAt = clock.now();
    await write.write(requestRollState(), false);
  };
  const watch = new RollWatch({ clock, ask: askState, giveUp: (reason) => sink.rollLost(reason) });

  const handle = (bytes: Uint8Array) => {
    const decoded = decodePixelsMessage(bytes);
    if (!decoded.ok) {
      sink.rejected(bytes, decoded.error);
      // a cut notification keeps its type byte: an unasked RollState is a change of state
      const quietBefore = clock.now() - lastStateAt >= UNSEEN_CHANGE_QUIET_MS;
      if (bytes[0] === PixelsMessageType.rollState && !awaitingSync() && quietBefore) changedUnseen = true;
      // what is left of it may still say the die is moving: then it changed state, asked or not (issue 27: with a
      // heartbeat's answer lost, a roll's cut `rolling` reports were taken for that answer, and its `rolled` on the
      // face shown before for the last roll repeated)
      const left = bytes[0] === PixelsMessageType.rollState ? PIXELS_ROLL_STATES[bytes[1] ?? 255] : undefined;
      if (left === "rolling" || left === "handling") changedUnseen = true;
      return watch.garbled();
    }
    const m = decoded.value;
    switch (m.type) {
      case "iAmADie": {
        info = m.info;
        dieType = m.info.dieType;
        kind = pixelsPhysicalKind(dieType) ?? kind;
        sink.identified(pixelsPhysicalKind(dieType), {
          pixelId: m.info.pixelId,
          dieType,
          colorway: m.info.colorway,
          firmware: m.info.buildTimestamp,
          form: m.info.form,
        });
        sink.battery(m.info.batteryLevel, m.info.batteryState === "charging" || m.info.batteryState === "done");
        onInfo?.();
        return;
      }
      case "rollState": {
        let state: DieState = m.state;
        if (state === "crooked" && crookedMeansRolled(info?.ledCount, info?.buildTimestamp)) state = "rolled";
        lastStateAt = clock.now();
        const via = awaitingSync() ? "sync" : "notify";
        askedAt = null;
        if (state === "rolled" && changedUnseen) sink.observe({ state: "rolling", face: null, via: "notify" });
        changedUnseen = false;
        sink.observe({ state, face: faceFromIndex(kind, dieType, m.faceIndex, info?.buildTimestamp), via });
        if (state === "rolling") watch.moving();
        else watch.settled();
        return;
      }
      case "batteryLevel":
        return sink.battery(m.level, m.batteryState === "charging" || m.batteryState === "done");
      case "rssi":
        return sink.rssi(m.rssi);
      default:
        return;
    }
  };

  await lifetime.setUp(async () => {
    await peripheral.connect({ timeoutMs: PIXELS_CONNECT_TIMEOUT_MS });
    const chars = findCharacteristics(await peripheral.discover([PIXELS_CURRENT.service, PIXELS_LEGACY.service]));
    if (!chars) throw new Error("no Pixels service or characteristics on this peripheral");
    write = chars.write;
    const mtu = peripheral.mtu();
    if (mtu !== null && mtu < 111) logger?.warn({ dieId: ctx.dieId, mtu }, "ATT MTU below 111: the die's IAmADie may be dropped");
    await lifetime.subscribe(chars.notify, handle);
    let offDrop: () => void = () => undefined;
    const gotInfo = new Promise<boolean | "dropped">((resolve) => {
      const timer = clock.after(PIXELS_REQUEST_TIMEOUT_MS, () => resolve(false));
      onInfo = () => {
        timer.cancel();
        resolve(true);
      };
      // a link that drops (or is closed by a stop) ends the wait at once
      offDrop = peripheral.onDisconnect(() => {
        timer.cancel();
        resolve("dropped");
      });
    });
    await chars.write.write(whoAreYou(), false);
    const answered = await gotInfo;
    offDrop();
    if (answered === "dropped") throw new Error("the link dropped while waiting for IAmADie");
    if (!answered) logger?.warn({ dieId: ctx.dieId }, "no IAmADie within 10 s; using the configured kind");
    // If the reply is lost, later reports are ordinary notifications again once the window ends.
    askedAt = clock.now();
    await chars.write.write(requestRollState(), false);
  });
  let beat: { cancel(): void } | null = null;
  const heartbeat = () => {
    beat = clock.after(HEARTBEAT_MS, () => {
      if (lifetime.closed) return;
      if (!watch.watching) askState().catch(() => undefined);
      heartbeat();
    });
  };
  heartbeat();

  const session: DieSession = {
    async identify() {
      if (lifetime.closed || !write) return false;
      await write.write(blink(), false);
      return true;
    },
    async light(l) {
      if (lifetime.closed || !write) return false;
      await write.write(pixelsLight(l), false);
      return true;
    },
    async poll() {
      if (lifetime.closed || !write) return;
      await write.write(requestBatteryLevel(), false);
      sink.rssi(await peripheral.readRssi());
    },
    close: () => {
      beat?.cancel();
      watch.close();
      return lifetime.close();
    },
  };
  return session;
}
