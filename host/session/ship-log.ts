/**
 * A ship's log: the resolved actions that name it — as a field of the action (firer, target …) or in one of
 * the events it caused — found without knowing the rule set.
 */
import type { ResolvedRecord } from "../store/records.ts";

export interface ShipLogEntry {
  readonly seq: number;
  readonly at: number;
  readonly description: string;
  /** The ship's part in it: the action field naming it (`firer`, `target`), or `event`. */
  readonly role: string;
}

const names = (value: unknown, id: string): boolean => value === id || (Array.isArray(value) && value.includes(id));

/** The records that concern `shipId`, oldest first. */
export function shipLog(records: readonly ResolvedRecord[], shipId: string): ShipLogEntry[] {
  const out: ShipLogEntry[] = [];
  for (const r of records) {
    const field = Object.entries(r.action).find(([k, v]) => k !== "type" && names(v, shipId))?.[0];
    const inEvent = r.events.some((e) => Object.values(e).some((v) => names(v, shipId)));
    if (field || inEvent) out.push({ seq: r.seq, at: r.at, description: r.description, role: field ?? "event" });
  }
  return out;
}
