/**
 * `table.before` checked before anything is measured (issue 43 "Bad input"): each entry names a ship of the game and
 * gives finite numbers, and a ship cannot have moved farther than any text allows. Every refusal names the ship (her
 * name in the sentence, `table.before.<id>` as the path), so the player knows which model to look at.
 */
import { fail, type RulesError } from "../../result.ts";
import type { TableState } from "../types.ts";
import { MAX_MOVE_MM } from "./judge.ts";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first problem with a request's `table.before`, or null (no `before`: nothing to check). */
export function beforeProblem(state: TableState, rawTable: unknown): RulesError | null {
  if (!isObject(rawTable) || rawTable.before === undefined) return null;
  const before = rawTable.before;
  if (!isObject(before)) return fail("input.invalid", "table.before must be an object of ships' positions.", "table.before").error;
  const now = isObject(rawTable.ships) ? rawTable.ships : {};
  for (const [id, pose] of Object.entries(before)) {
    const path = `table.before.${id}`;
    const ship = state.ships.find((s) => s.id === id);
    if (!ship)
      return fail(
        "ship.unknown",
        `table.before names "${id}", who is not a ship of this game (ships: ${state.ships.map((s) => s.id).join(", ") || "none"}).`,
        path,
      ).error;
    if (!isObject(pose)) return fail("input.invalid", `Where ${ship.name} stood must be {x, y, heading}.`, path).error;
    for (const key of ["x", "y", "heading"] as const) {
      const v = pose[key];
      if (typeof v !== "number" || !Number.isFinite(v))
        return fail("input.invalid", `${ship.name}'s ${key} before her move is ${String(v)}, not a number.`, `${path}.${key}`).error;
    }
    const p = now[id];
    if (isObject(p))
      for (const key of ["x", "y", "heading"] as const) {
        const v = p[key];
        if (typeof v !== "number" || !Number.isFinite(v))
          return fail("input.invalid", `${ship.name}'s ${key} now is ${String(v)}, not a number.`, `table.ships.${id}.${key}`).error;
      }
    if (isObject(p) && typeof p.x === "number" && typeof p.y === "number") {
      const mm = Math.hypot(p.x - (pose.x as number), p.y - (pose.y as number));
      if (mm > MAX_MOVE_MM)
        return fail(
          "input.invalid",
          `${ship.name} would have moved ${Math.round(mm / 10) / 100} m in one move; no ship moves that far — check her position and where she stood.`,
          path,
        ).error;
    }
  }
  return null;
}
