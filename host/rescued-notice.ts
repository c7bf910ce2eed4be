/** At start: the rescued copies waiting beside the game file named on the display and in the log (store/rescued.ts). */
import type { Logger } from "pino";
import type { TableSession } from "./session/table-session.ts";
import { rescuedCopies, rescuedNotice } from "./store/rescued.ts";

/** Says, once at start, which rescued copies wait beside `file` to be restored from /games. */
export function sayRescuedCopies(file: string, session: TableSession, logger: Logger): void {
  const copies = rescuedCopies(file);
  if (copies.length === 0) return;
  logger.warn(
    { file, copies: copies.map((c) => ({ name: c.name, problem: c.problem })) },
    "rescued copies of the game wait beside the game file",
  );
  const text = rescuedNotice(copies);
  if (text) session.send({ type: "announce", text });
}
