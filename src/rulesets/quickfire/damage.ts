/**
 * Damage codes (text 4.1, Damage Code Glossary) turned into events and follow-up rolls. Codes are applied one
 * after another to a working copy of the ship, so "G, G" on a ship with one heavy ROF point left walks the chain.
 */
import type { FollowUp } from "../../game/types.ts";
import type { DamageCode } from "./chart.ts";
import { applyToShip, type QuickfireEvent } from "./events.ts";
import { type Battery, type LostField, type QuickfireState, remaining, type Ship } from "./ship.ts";

/**
 * Which ROF column a G hit marks first: the firing battery's (4.1 G: heavy chain HROF>LROF>T>R>F, light chain
 * LROF>T>R>F) or `split` for explosions ("removed as equally as possible from the heavy and light ROF columns").
 */
export type GChain = Battery | "split";

/** Damage is a slash until the end of a gunnery phase (1.4: "effective at the end of the phase"). */
export const damageIsPending = (state: QuickfireState): boolean =>
  state.game.phase === "first-gunnery" || state.game.phase === "second-gunnery";

/** The R hit: one repair point, or a fire when none is left (4.1 R). */
function rHit(ship: Ship, pending: boolean, cause: string): QuickfireEvent {
  return remaining(ship, "repairUsed") > 0
    ? { type: "hit", ship: ship.id, field: "repairUsed", pending, code: "R", cause }
    : { type: "fire-started", ship: ship.id, cause: `${cause} (R with no repair points left → F)` };
}

/** The end of the G chain after the ROF columns: T > R > F. */
function afterRof(ship: Ship, pending: boolean, cause: string): QuickfireEvent {
  if (remaining(ship, "torpedoLost") > 0) return { type: "hit", ship: ship.id, field: "torpedoLost", pending, code: "T", cause };
  return rHit(ship, pending, cause);
}

/** One G hit by its chain. `order` counts the G hits of a split result (even → heavy first, odd → light first). */
function gHit(ship: Ship, chain: GChain, order: number, pending: boolean, cause: string): QuickfireEvent {
  const hit = (field: LostField): QuickfireEvent => ({ type: "hit", ship: ship.id, field, pending, code: "G", cause });
  const heavy = remaining(ship, "heavyRofLost") > 0;
  const light = remaining(ship, "lightRofLost") > 0;
  if (chain === "heavy") return heavy ? hit("heavyRofLost") : light ? hit("lightRofLost") : afterRof(ship, pending, cause);
  if (chain === "light") return light ? hit("lightRofLost") : afterRof(ship, pending, cause);
  const first: LostField = order % 2 === 0 ? "heavyRofLost" : "lightRofLost";
  const second: LostField = first === "heavyRofLost" ? "lightRofLost" : "heavyRofLost";
  if (remaining(ship, first) > 0) return hit(first);
  if (remaining(ship, second) > 0) return hit(second);
  return afterRof(ship, pending, cause);
}

export interface Applied {
  readonly events: QuickfireEvent[];
  readonly followUps: FollowUp[];
}

/** Applies damage codes to one ship. */
export function applyCodes(state: QuickfireState, shipId: string, codes: readonly DamageCode[], chain: GChain, cause: string): Applied {
  const pending = damageIsPending(state);
  const events: QuickfireEvent[] = [];
  const followUps: FollowUp[] = [];
  let ship = state.ships.find((s) => s.id === shipId);
  if (!ship) return { events, followUps };
  let gCount = 0;
  for (const code of codes) {
    const produced: QuickfireEvent[] = [];
    if (code === "G") produced.push(gHit(ship, chain, gCount++, pending, cause));
    else if (code === "S") produced.push({ type: "hit", ship: ship.id, field: "speedLost", pending, code: "S", cause });
    else if (code === "T") {
      produced.push(
        remaining(ship, "torpedoLost") > 0
          ? { type: "hit", ship: ship.id, field: "torpedoLost", pending, code: "T", cause }
          : { type: "no-effect", ship: ship.id, code, cause: `${cause} (no torpedo rating left)` },
      );
    } else if (code === "R") produced.push(rHit(ship, pending, cause));
    else if (code === "F") produced.push({ type: "fire-started", ship: ship.id, cause });
    else if (code === "out") {
      produced.push(ship.fires > 0 ? { type: "fire-out", ship: ship.id } : { type: "no-effect", ship: ship.id, code, cause });
    } else if (code === "D") {
      followUps.push({
        kind: "roll",
        purpose: `Direction hit on ${ship.name}: roll 1D6 on the direction table`,
        action: { type: "direction", ship: ship.id },
      });
    } else {
      const line = code === "B" ? "blast" : "explosion";
      followUps.push({
        kind: "roll",
        purpose: `${code === "B" ? "Blast" : "Explosion"} on ${ship.name}: roll 2D6 on the ${code === "B" ? "Blast" : "Explosion"} line of the Damage table`,
        action: { type: "damage-roll", ship: ship.id, line, chain: code === "E" ? "split" : chain },
      });
    }
    for (const e of produced) {
      events.push(e);
      ship = applyToShip(ship, e);
    }
  }
  return { events, followUps };
}
