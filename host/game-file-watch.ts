/**
 * The game file checked every few seconds under the open game: deleted or replaced under the host, or taking writes
 * again after refusing them (the result waiting is then recorded, and play resumes by itself). The check itself is
 * the session's (`TableSession.checkStore`); this only runs it, and never keeps the process alive.
 */
import type { Logger } from "pino";
import type { TableSession } from "./session/table-session.ts";

/** How often the game file is checked. */
const STORE_CHECK_MS = 2000;

/** Checks the open game's file every {@link STORE_CHECK_MS}; returns the stop. */
export function watchGameFile(session: () => TableSession, logger: Logger): () => void {
  const timer = setInterval(() => {
    try {
      session().checkStore();
    } catch (err) {
      logger.error({ err }, "the game file could not be checked");
    }
  }, STORE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
