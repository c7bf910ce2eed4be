/**
 * A connection to one Pixels die (dice-ble §1.6): connect → discover either service generation → subscribe →
 * WhoAreYou, wait for IAmADie (10 s, as pixels-js) → RequestRollState (the resync: after every (re)connect) →
 * battery and RSSI. While connected and no roll is awaited, the roll state is asked for again every few seconds.
 * What the notifications mean is `reports.ts`; the roll gate decides what is a roll.
 */
import type { BleCharacteristic, BlePeripheral } from "../../ble/seam.ts";
import type { TimerHandle } from "../../common/clock.ts";
import type { PhysicalDieKind } from "../../readings.ts";
import { AnswerWait } from "../answer-wait.ts";
import { DieCommands } from "../die-commands.ts";
import { RollWatch } from "../roll-watch.ts";
import { type DieSession, type SessionContext, SessionLifetime } from "../session.ts";
import { PIXELS_CURRENT, PIXELS_LEGACY } from "./ids.ts";
import { pixelsLight } from "./light.ts";
import { blink, requestBatteryLevel, requestRollState, whoAreYou } from "./messages.ts";
import { PixelsReports } from "./reports.ts";

export { SYNC_REPLY_WINDOW_MS, UNSEEN_CHANGE_QUIET_MS } from "./reports.ts";

/** pixels-js `Constants.ts`: connect 10 s, request 10 s. */
export const PIXELS_CONNECT_TIMEOUT_MS = 10_000;
export const PIXELS_REQUEST_TIMEOUT_MS = 10_000;
/**
 * While connected and no roll is awaited, the roll state is asked for this often: a roll whose every report was
 * lost still shows (on another face) at the next answer instead of never.
 */
export const HEARTBEAT_MS = 5_000;

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
  let write: BleCharacteristic | null = null;
  const lifetime = new SessionLifetime(peripheral);
  const askState = async () => {
    if (lifetime.closed || !write) return;
    reports.asked();
    await write.write(requestRollState(), false);
  };
  const watch = new RollWatch({ clock, ask: askState, giveUp: (reason) => sink.rollLost(reason) });
  const reports = new PixelsReports(sink, clock, watch, options.configKind);

  const written = await lifetime.setUp(async () => {
    await peripheral.connect({ timeoutMs: PIXELS_CONNECT_TIMEOUT_MS });
    const chars = findCharacteristics(await peripheral.discover([PIXELS_CURRENT.service, PIXELS_LEGACY.service]));
    if (!chars) throw new Error("no Pixels service or characteristics on this peripheral");
    write = chars.write;
    const mtu = peripheral.mtu();
    if (mtu !== null && mtu < 111) logger?.warn({ dieId: ctx.dieId, mtu }, "ATT MTU below 111: the die's IAmADie may be dropped");
    await lifetime.subscribe(chars.notify, (bytes) => reports.handle(bytes));
    const info = new AnswerWait(peripheral, clock, PIXELS_REQUEST_TIMEOUT_MS);
    reports.onInfo = () => info.answered();
    await chars.write.write(whoAreYou(), false);
    const answered = await info.ended;
    if (answered === "dropped") throw new Error("the link dropped while waiting for IAmADie");
    if (answered === "timeout") logger?.warn({ dieId: ctx.dieId }, "no IAmADie within 10 s; using the configured kind");
    // If the reply is lost, later reports are ordinary notifications again once the window ends.
    reports.asked();
    await chars.write.write(requestRollState(), false);
    return chars.write;
  });

  let beat: TimerHandle | null = null;
  const heartbeat = () => {
    beat = clock.after(HEARTBEAT_MS, () => {
      if (lifetime.closed) return;
      if (!watch.watching) askState().catch(() => undefined);
      heartbeat();
    });
  };
  heartbeat();

  return new DieCommands({
    lifetime,
    peripheral,
    sink,
    send: (bytes) => written.write(bytes, false),
    blink,
    light: pixelsLight,
    askBattery: requestBatteryLevel,
    onClose: () => {
      beat?.cancel();
      watch.close();
    },
  });
}
