/**
 * wsim-battle-v3 ships in contact while they move: grappling (recorded from the base game's grappling rolls) and
 * collisions (V.3: a collision counts as 0 MP for next turn's acceleration).
 */

import { Type } from "@sinclair/typebox";
import { nameOf, resolution } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { ok } from "../../result.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { CONTACT_MEASURES } from "./measures.ts";
import type { Ship } from "./state.ts";

const engagesSol = (a: Ship, b: Ship) => a.kind !== "sol" && b.kind === "sol";

export const grapple = wsimAction({
  type: "grapple",
  describe: ({ state, action }, o) => {
    return o.grappled
      ? `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} are grappled.`
      : `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} are freed.`;
  },
  outcomeSchema: outcomeOf({ grappled: fact.flag("Grappled", { no: "Not grappled" }) }),
  title: "Grappling",
  description: "Record ships grappled/fouled or freed (the base game's grappling rolls).",
  schema: actionSchema("grapple", {
    ship: shipField("Ship"),
    other: shipField("Other ship"),
    grappled: Type.Boolean({ label: "Grappled or fouled" }),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const x = liveShip(state, a.ship, "ship");
    if (!x.ok) return x;
    const y = liveShip(state, a.other, "other");
    if (!y.ok) return y;
    const link = (s: Ship, o: Ship): Partial<Ship> => ({
      ...(a.grappled ? { lastCombatTurn: state.game.turn } : {}),
      grappledWith: a.grappled ? [...s.grappledWith.filter((i) => i !== o.id), o.id] : s.grappledWith.filter((i) => i !== o.id),
      ...(a.grappled && engagesSol(s, o) ? { lastEngagedSol: state.game.turn } : {}),
    });
    return resolution({ grappled: a.grappled }, [
      shipEvent(a.grappled ? "grappled" : "freed", x.value, link(x.value, y.value)),
      shipEvent(a.grappled ? "grappled" : "freed", y.value, link(y.value, x.value)),
    ]);
  },
});

export const collision = wsimAction({
  type: "collision",
  describe: ({ state, action }, _o) => {
    return `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} collide.`;
  },
  outcomeSchema: outcomeOf({ collided: fact.count("Ships in collision") }),
  measure: CONTACT_MEASURES,
  title: "Collision",
  description: "Record a collision this turn (V.3: it counts as 0 MP for next turn's acceleration).",
  schema: actionSchema("collision", { ship: shipField("Ship"), other: Type.Optional(shipField("Other ship")) }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const events: WsimEvent[] = [];
    for (const f of a.other === undefined ? (["ship"] as const) : (["ship", "other"] as const)) {
      const s = liveShip(state, a[f], f);
      if (!s.ok) return s;
      events.push(shipEvent("collided", s.value, { collidedThisTurn: true }));
    }
    return resolution({ collided: events.length }, events);
  },
});

/** Grappling and collisions, the movement phase's records. */
export const CONTACT = [grapple, collision];
