/** The log's rows as stored and as read: an action (with its record) or an undo; the records still in effect. */
import { StoreError } from "./open-db.ts";
import type { LogRow, ResolvedRecord } from "./records.ts";

/** A row of the `log` table as SQLite gives it. */
export interface LogDbRow {
  seq: number;
  kind: "action" | "undo";
  at: number;
  undoes: number | null;
  action: string | null;
  plan: string | null;
  dice: string | null;
  outcome: string | null;
  events: string | null;
  follow_ups: string | null;
  waiting: string | null;
  description: string | null;
}

/** A log row as stored → as read; a row that does not parse is a {@link StoreError} naming the file and the entry. */
export const toRowIn =
  (file: string) =>
  (r: LogDbRow): LogRow => {
    try {
      return toRow(r);
    } catch (e) {
      throw new StoreError(file, `log entry ${r.seq} is unreadable (${(e as Error).message}); the game cannot be rebuilt past it.`);
    }
  };

const toRow = (r: LogDbRow): LogRow =>
  r.kind === "undo"
    ? { seq: r.seq, kind: "undo", at: r.at, undoes: r.undoes ?? -1 }
    : {
        seq: r.seq,
        kind: "action",
        at: r.at,
        record: {
          seq: r.seq,
          at: r.at,
          action: JSON.parse(r.action ?? "{}"),
          plan: JSON.parse(r.plan ?? "[]"),
          dice: JSON.parse(r.dice ?? "[]"),
          outcome: JSON.parse(r.outcome ?? "{}"),
          events: JSON.parse(r.events ?? "[]"),
          followUps: JSON.parse(r.follow_ups ?? "[]"),
          description: r.description ?? "",
          ...(r.waiting ? { waiting: JSON.parse(r.waiting) } : {}),
        },
      };

/** Folds log rows into the records still in effect: an undo removes the record it names. */
export function recordsInEffect(rows: readonly LogRow[]): ResolvedRecord[] {
  const out: ResolvedRecord[] = [];
  for (const row of rows) {
    if (row.kind === "action") out.push(row.record);
    else {
      const i = out.findIndex((r) => r.seq === row.undoes);
      if (i >= 0) out.splice(i, 1);
    }
  }
  return out;
}
