/**
 * Who may fire at whom in a phase (text 1.4, 3.0 Gunnery Rating, 3.1 Targets, 3.2 Torpedoes), checked against
 * the shots this phase has already recorded in `game.shots`.
 */
import { fail, ok, type Result } from "../../result.ts";
import type { Range } from "./scales.ts";
import type { Battery, QuickfireState, Ship } from "./ship.ts";

/** A firer and target that can take part in fire at all, in a phase that allows it. */
export function checkTargetable(state: QuickfireState, firer: Ship, target: Ship, path: string, torpedo = false): Result<true> {
  const phase = state.game.phase;
  if (phase !== null && phase !== "first-gunnery" && phase !== "second-gunnery") {
    return fail("rules.illegal", `There is no fire in the ${phase} phase (1.4).`, "game.phase");
  }
  if (torpedo && phase === "first-gunnery") {
    return fail("rules.illegal", "Torpedo fire may only occur in the second of a turn's two firing phases (1.4).", "game.phase");
  }
  if (firer.sunk) return fail("rules.illegal", `${firer.name} has sunk.`, path);
  if (target.sunk) return fail("rules.illegal", `${target.name} has sunk.`, "action.target");
  if (firer.id === target.id) return fail("rules.illegal", `${firer.name} cannot fire on herself.`, "action.target");
  if (firer.side === target.side) return fail("rules.illegal", `${target.name} is on ${firer.name}'s own side.`, "action.target");
  return ok(true);
}

/**
 * One gun target per phase (3.1), one fire rating per phase at long and short range, both ratings at up to two
 * targets at point blank (3.0 Gunnery Rating); no separate light fire besides a quickfire attack (3.0).
 */
export function checkGunShot(
  state: QuickfireState,
  firer: Ship,
  battery: Battery,
  range: Range,
  quickfire: boolean,
  path: string,
): Result<true> {
  if (state.game.phase === null) return ok(true); // phase not tracked: no per-phase record to check against
  const mine = state.game.shots.filter((s) => s.firer === firer.id && s.kind === "gun");
  const same = mine.find((s) => s.battery === battery);
  if (same) {
    const why = same.quickfire || quickfire ? " (a ship in a quickfire attack makes no separate light fire, 3.0)" : "";
    return fail("rules.illegal", `${firer.name} has already fired her ${battery} guns this phase${why}.`, path);
  }
  const other = mine.find((s) => s.battery !== battery);
  // 3.0 Quickfire Effect: "Making such an attack does not affect a vessel's ability to make individual point blank
  // range heavy fire attacks in addition to the combined light fire attack" — the quickfire attack itself may be at
  // short range; only the heavy shot must be point blank.
  const heavyRange = battery === "heavy" ? range : other?.range;
  const bothAllowed =
    other && (other.quickfire || quickfire) ? heavyRange === "point-blank" : other?.range === "point-blank" && range === "point-blank";
  if (other && !bothAllowed) {
    return fail(
      "rules.illegal",
      `${firer.name} already fired her ${other.battery} guns this phase; both ratings may be used in one phase only at point blank range (3.0).`,
      path,
    );
  }
  return ok(true);
}

/** One torpedo check per phase (3.1 "one target … using each of its weapon types", 3.2). */
export function checkTorpedoShot(state: QuickfireState, firer: Ship): Result<true> {
  if (state.game.phase === null) return ok(true);
  if (state.game.shots.some((s) => s.firer === firer.id && s.kind === "torpedo")) {
    return fail("rules.illegal", `${firer.name} has already checked for torpedo fire this phase.`, "action.firer");
  }
  return ok(true);
}
