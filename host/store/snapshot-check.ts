/**
 * Reads a stored session snapshot defensively: a row that is not JSON, or not shaped like a snapshot, is
 * reported as a problem instead of stopping the host — the game itself is in the log, which the session
 * rebuilds from.
 */
import type { SessionSnapshot } from "./records.ts";

export type SnapshotRead = { readonly ok: true; readonly snapshot: SessionSnapshot } | { readonly ok: false; readonly reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const finite = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v);
const isPosition = (p: unknown): boolean =>
  isObject(p) && finite(p.x) && finite(p.y) && finite(p.heading) && finite(p.uncertainty) && finite(p.at) && typeof p.source === "string";

/** Parses and shape-checks one snapshot row. */
export function readSnapshot(text: string): SnapshotRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `not JSON (${(e as Error).message})` };
  }
  if (!isObject(value)) return { ok: false, reason: "not an object" };
  const problems: string[] = [];
  if (value.draft !== null && !isObject(value.draft)) problems.push("draft");
  if (!Array.isArray(value.followUps)) problems.push("followUps");
  if (!Number.isInteger(value.phase) || (value.phase as number) < 0) problems.push("phase");
  if (!isObject(value.players)) problems.push("players");
  if (!Array.isArray(value.bindings)) problems.push("bindings");
  if (value.focus !== undefined && value.focus !== null && typeof value.focus !== "string") problems.push("focus");
  if (value.turn !== undefined && (!Number.isInteger(value.turn) || (value.turn as number) < 1)) problems.push("turn");
  if (value.aside !== undefined && value.aside !== null && !isObject(value.aside)) problems.push("aside");
  if (value.picking !== undefined && value.picking !== null && !Number.isInteger(value.picking)) problems.push("picking");
  if (value.ticked !== undefined && value.ticked !== null && !(Array.isArray(value.ticked) && value.ticked.every(Number.isInteger)))
    problems.push("ticked");
  if (value.lastUndo !== undefined && value.lastUndo !== null && !isObject(value.lastUndo)) problems.push("lastUndo");
  if (value.assigning !== undefined && value.assigning !== null && !isObject(value.assigning)) problems.push("assigning");
  if (value.positions !== undefined && !(isObject(value.positions) && Object.values(value.positions).every(isPosition)))
    problems.push("positions");
  if (
    value.moves !== undefined &&
    value.moves !== null &&
    !(isObject(value.moves) && isObject(value.moves.starts) && Array.isArray(value.moves.done))
  )
    problems.push("moves");
  if (problems.length > 0) return { ok: false, reason: `bad or missing ${problems.join(", ")}` };
  return { ok: true, snapshot: { ...value, focus: value.focus ?? null } as unknown as SessionSnapshot };
}
