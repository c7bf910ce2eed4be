/**
 * A connection to one GoDice (dice-ble §2): connect → discover the Nordic UART service → subscribe to …0003 →
 * init message (`19 …`) → battery and colour requests. What the notifications mean is `reports.ts`. GoDice has no
 * "request state" message, so a roll under way when the link dropped is reported as lost.
 *
 * The init message may be answered with an `S` saying where the die lies (undocumented, dice-ble §2.3): such an
 * `S` is not a roll. The die answers in order, so once it has answered the battery or colour request sent after
 * init, any answer to init has come; setup waits for that (at most `INIT_ANSWER_MS`), and the die is connected —
 * and every `S` after that a roll — only then. (A window timed from init, running on after the die showed as
 * connected, took the first roll of a freshly connected die whose `R` was lost for that answer.)
 */
import type { BlePeripheral } from "../../ble/seam.ts";
import { AnswerWait } from "../answer-wait.ts";
import { DieCommands } from "../die-commands.ts";
import { RollWatch } from "../roll-watch.ts";
import { type DieSession, type SessionContext, SessionLifetime } from "../session.ts";
import { goDiceLight } from "./light.ts";
import { blinkLeds, GODICE_UUIDS, initMessage, requestBattery, requestColor } from "./messages.ts";
import { GoDiceReports } from "./reports.ts";
import { type GoDiceShell, shellKind } from "./shells.ts";

export { beginsAsAnswer } from "./reports.ts";

export const GODICE_CONNECT_TIMEOUT_MS = 10_000;
/** At most this long the die's first answer is waited for in setup, before the die counts as connected. */
export const INIT_ANSWER_MS = 2_000;

/** Opens a session; rejects (after disconnecting) when the die cannot be set up. */
export async function openGoDiceSession(peripheral: BlePeripheral, ctx: SessionContext, shell: GoDiceShell): Promise<DieSession> {
  const { sink, clock } = ctx;
  const lifetime = new SessionLifetime(peripheral);
  // GoDice cannot be asked for its state: a roll whose `S` never comes is reported lost
  const watch = new RollWatch({ clock, ask: null, giveUp: (reason) => sink.rollLost(reason) });
  const reports = new GoDiceReports(sink, watch, shell);

  const send = await lifetime.setUp(async () => {
    await peripheral.connect({ timeoutMs: GODICE_CONNECT_TIMEOUT_MS });
    const service = (await peripheral.discover([GODICE_UUIDS.service])).find((s) => s.uuid === GODICE_UUIDS.service);
    const notify = service?.characteristics.find((c) => c.uuid === GODICE_UUIDS.notify);
    const write = service?.characteristics.find((c) => c.uuid === GODICE_UUIDS.write);
    if (!notify || !write) throw new Error("no GoDice (Nordic UART) characteristics on this peripheral");
    await lifetime.subscribe(notify, (bytes) => reports.handle(bytes));
    const withoutResponse = !write.properties.includes("write");
    const send = (bytes: Uint8Array) => write.write(bytes, withoutResponse);
    if (!ctx.firstConnection) sink.restoredWithoutSync();
    sink.identified(shellKind(shell), { shell });
    // the first answer to a request sent after init closes the init window (or the time bound, or a drop)
    const initAnswered = new AnswerWait(peripheral, clock, INIT_ANSWER_MS);
    reports.onAnswer = () => initAnswered.answered();
    await send(initMessage());
    await send(requestBattery());
    await send(requestColor());
    await initAnswered.ended;
    reports.onAnswer = null;
    reports.closeInitWindow();
    sink.rssi(await peripheral.readRssi());
    return send;
  });

  return new DieCommands({
    lifetime,
    peripheral,
    sink,
    send,
    blink: () => blinkLeds({ pulses: 4, onMs: 300, offMs: 300, color: 0xffffff }),
    light: goDiceLight,
    askBattery: requestBattery,
    onClose: () => watch.close(),
  });
}
