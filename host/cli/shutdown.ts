/**
 * How `quarterdeck start` stops on SIGTERM or SIGINT: the server stops taking requests and drops its live clients
 * (a client that stopped reading never answers a close handshake, so waiting for one holds the process for
 * ws's 30 s), then the table closes its devices, club link and store. Each step has a bound, so a device that
 * hangs in its close cannot hold the process; the store is closed in any case, and the caller releases the
 * data-dir lock. A second signal while stopping ends the process at once.
 */
import type { Logger } from "pino";

/** How long each step of the stop may take before the next one goes ahead. */
export const STOP_STEP_MS = 1_500;

export interface Stoppable {
  /** The HTTP/WebSocket server. */
  readonly server: { close(): Promise<unknown> };
  /** The table: devices, club link, store. */
  readonly table: { close(): Promise<void>; readonly store: { close(): void } };
}

/** Resolves with the signal's name once SIGINT or SIGTERM arrives; a second one calls `exitNow`. */
export function nextStopSignal(
  exitNow: (signal: NodeJS.Signals) => void = (s) => process.exit(s === "SIGINT" ? 130 : 143),
): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    const first = (signal: NodeJS.Signals) => {
      process.off("SIGINT", first);
      process.off("SIGTERM", first);
      process.once("SIGINT", exitNow);
      process.once("SIGTERM", exitNow);
      done(signal);
    };
    process.on("SIGINT", first);
    process.on("SIGTERM", first);
  });
}

/** Runs `step` for at most `ms`; says whether it finished (a rejection counts as finished, and is logged). */
async function bounded(name: string, step: () => Promise<unknown>, ms: number, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const began = Date.now();
  const finished = await Promise.race([
    step().then(
      () => true,
      (e: unknown) => {
        logger.warn({ step: name, err: e instanceof Error ? e.message : String(e) }, "a stop step failed");
        return true;
      },
    ),
    new Promise<false>((late) => {
      timer = setTimeout(() => late(false), ms);
    }),
  ]);
  clearTimeout(timer);
  if (finished) logger.debug({ step: name, ms: Date.now() - began }, "stopped");
  else logger.warn({ step: name, boundMs: ms }, "a stop step did not finish in time; going on without it");
  return finished;
}

/** Stops the server and the table, each within `stepMs`; the store is closed whatever happened before. */
export async function stopHost(host: Stoppable, logger: Logger, stepMs = STOP_STEP_MS): Promise<void> {
  const began = Date.now();
  await bounded("server", () => host.server.close(), stepMs, logger);
  await bounded("table", () => host.table.close(), stepMs, logger);
  try {
    host.table.store.close(); // idempotent: already closed when the table's close finished
  } catch (e) {
    logger.warn({ err: (e as Error).message }, "closing the store failed");
  }
  logger.info({ ms: Date.now() - began }, "the host stopped");
}

/** Once stopped, what is left (a device's stray timer, a child still exiting) may not hold the process. */
export const EXIT_GRACE_MS = 500;

/**
 * Ends the process `EXIT_GRACE_MS` after the stop with `process.exitCode` (set by the CLI once `start` returns)
 * unless it has ended by itself; the timer does not keep the process alive.
 */
export function exitSoonAfterStop(graceMs = EXIT_GRACE_MS): void {
  setTimeout(() => process.exit(), graceMs).unref();
}
