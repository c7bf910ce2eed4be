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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A column's JSON, checked to be of the shape the game is rebuilt from (else an error naming the column). */
function column<T>(text: string | null, fallback: string, name: string, shape: (v: unknown) => boolean, what: string): T {
  const v: unknown = JSON.parse(text ?? fallback);
  if (!shape(v)) throw new Error(`its ${name} is not ${what}`);
  return v as T;
}

const objects = (v: unknown): boolean => Array.isArray(v) && v.every(isObject);
const typed = (v: unknown): boolean => isObject(v) && typeof v.type === "string";

// a row of another shape would stop the rebuild with a TypeError deep in the rules (exit 1, no file named): it is
// refused here, as the store's error naming the file and the entry
const toRow = (r: LogDbRow): LogRow => {
  if (!Number.isInteger(r.seq)) throw new Error("its seq is not a whole number");
  if (typeof r.at !== "number" || !Number.isFinite(r.at)) throw new Error("its time is not a number");
  if (r.kind === "undo") {
    if (!Number.isInteger(r.undoes)) throw new Error("it undoes no entry");
    return { seq: r.seq, kind: "undo", at: r.at, undoes: r.undoes as number };
  }
  return {
    seq: r.seq,
    kind: "action",
    at: r.at,
    record: {
      seq: r.seq,
      at: r.at,
      action: column(r.action, "{}", "action", typed, "an action"),
      plan: column(r.plan, "[]", "plan", objects, "a dice plan"),
      dice: column(r.dice, "[]", "dice", objects, "a list of dice"),
      outcome: column(r.outcome, "{}", "outcome", isObject, "an outcome"),
      events: column(r.events, "[]", "events", (v) => Array.isArray(v) && v.every(typed), "a list of events"),
      followUps: column(r.follow_ups, "[]", "follow-ups", objects, "a list of follow-ups"),
      description: typeof r.description === "string" ? r.description : "",
      ...(r.waiting ? { waiting: column(r.waiting, "[]", "waiting follow-ups", objects, "a list of follow-ups") } : {}),
    },
  };
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
