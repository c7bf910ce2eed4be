/**
 * The table's set-up, within a step: a side's dice mode, a die bound to a side or role (or unbound), and set-up by
 * touch — waiting for a ship's tag or a die to bind, the tag read or the die rolled going to what waits for it
 * instead of to the game.
 */
import type { Reading } from "../../devices/readings.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { Binding } from "../config/schema.ts";
import type { DiceMode } from "../store/records.ts";
import { type Assigning, dieRequest, tagRequest, touchReading } from "./assigning.ts";
import { bindingProblem } from "./bindings.ts";
import type { StepRun } from "./step-run.ts";

/** A side plays with its own dice, typed dice or the host's rolls. */
export function playerMode(run: StepRun, side: string, mode: DiceMode): Result<null> {
  const w = run.work;
  if (!Object.hasOwn(w.players, side))
    return fail("input.invalid", `There is no side "${side}" (sides: ${Object.keys(w.players).join(", ")}).`, "side");
  w.players = { ...w.players, [side]: mode };
  return run.changed();
}

/** A die bound to a side or role (a binding of the same die replaced). */
export function bind(run: StepRun, binding: Binding): Result<null> {
  const w = run.work;
  const problem = bindingProblem(binding, run.env.health, Object.keys(w.players));
  if (problem) return problem;
  w.bindings = [...w.bindings.filter((b) => b.die !== binding.die), binding];
  return run.changed();
}

export function unbind(run: StepRun, die: string): Result<null> {
  const w = run.work;
  if (!w.bindings.some((b) => b.die === die)) return fail("binding.unknown", `Die "${die}" has no binding.`, "die");
  w.bindings = w.bindings.filter((b) => b.die !== die);
  return run.changed();
}

/** Starts (or stops) waiting for a ship's tag or a die to bind. */
export function assign(run: StepRun, a: Assigning | null): Result<null> {
  const w = run.work;
  const checked =
    a === null
      ? ok(null)
      : a.kind === "die"
        ? dieRequest(a.binding, Object.keys(w.players))
        : tagRequest(a.ship, run.game.state.ships, a.kind);
  if (!checked.ok) return checked;
  w.assigning = checked.value;
  return run.changed();
}

/** While the table is set up by touch: the tag read goes to the ship waiting, the die rolled takes the binding. */
export function assigned(run: StepRun, r: Reading): boolean {
  const w = run.work;
  const { rs, tags, markers, health } = run.env;
  const touch = touchReading(w.assigning ?? null, r, {
    tags,
    markers: markers ?? {},
    shipIds: () => run.game.state.ships.map((s) => s.id),
    names: () => rs.shipViews(run.game.state),
    bindings: w.bindings,
    health,
    sides: Object.keys(w.players),
  });
  if (!touch) return false;
  if (touch.kind === "refused") {
    run.notice("warn", touch.text);
    return true;
  }
  if (touch.tag) run.effects.push({ kind: "tag", ...touch.tag });
  if (touch.marker) run.effects.push({ kind: "marker", ...touch.marker });
  if (touch.binding) w.bindings = [...w.bindings, touch.binding];
  w.assigning = null;
  run.notice("info", touch.text);
  run.changed();
  return true;
}
