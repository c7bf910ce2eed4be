/**
 * "Boarding actions" and collisions, the contact: avoiding a grapple (its modifiers) and placement in the hex.
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { chance, flagChance, nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { FollowUp, GameEvent } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { adAction, cfg, checkPlay, checkShips, ship, shipEvent } from "./common.ts";
import { startFire } from "./criticals.ts";
import { effectiveHandling } from "./damage.ts";
import { GRAPPLE_MEASURES } from "./measures.ts";
import { SIDE_WORDS } from "./outcome-facts.ts";
import type { GrappleKind, Ship } from "./schema.ts";
import type { AdSettings } from "./settings.ts";

export const KINDS = ["boarding", "collision", "fire-ship"] as const;
export const INITIATIVE = ["attacker", "defender", "none"] as const;
/** The two ships of a grapple, as form fields. */
export const pair = {
  attacker: shipField("Ship attempting the grapple"),
  defender: shipField("Ship grappled"),
};

/**
 * Avoiding a grapple: "+1 for each of H, smaller, or have the initiative, -1 if UH, -1 for each step of damage";
 * a fire ship does not count "smaller, handy, or damage steps".
 */
export function avoidModifier(s: Ship, other: Ship, hasInitiative: boolean, settings: AdSettings, isFireShip = false): number {
  const h = effectiveHandling(s, s.stepsLost);
  const size = (x: Ship) => (settings.smallerBy === "guns" ? x.guns : x.hullPoints);
  let m = 0;
  if (!isFireShip && h.handy) m += 1;
  if (!isFireShip && size(s) < size(other)) m += 1;
  if (hasInitiative) m += 1;
  if (h.unhandy) m -= 1;
  if (!isFireShip) m -= s.stepsLost;
  return m;
}

/** Both ships held in a grapple of `kind`. */
export const held = (a: Ship, b: Ship, kind: GrappleKind): GameEvent[] => [
  shipEvent("grappled", a.id, { grappledWith: b.id, grappleKind: kind, lostBoardingRound: false, wonBoardingRound: false }),
  shipEvent("grappled", b.id, { grappledWith: a.id, grappleKind: kind, lostBoardingRound: false, wonBoardingRound: false }),
];
/** Both ships free of each other. */
export const freed = (a: Ship, b: Ship): GameEvent[] => [
  shipEvent("separated", a.id, { grappledWith: null, grappleKind: null, lostBoardingRound: false, wonBoardingRound: false }),
  shipEvent("separated", b.id, { grappledWith: null, grappleKind: null, lostBoardingRound: false, wonBoardingRound: false }),
];

export const grapple = adAction({
  type: "grapple",
  describe: ({ state, action }, o) => {
    return o.grappled
      ? `${nameOf(state, action.attacker)} and ${nameOf(state, action.defender)} are locked together (${o.kind}).`
      : `${nameOf(state, action.defender)} avoids ${nameOf(state, action.attacker)}.`;
  },
  outcomeSchema: outcomeOf({
    grappled: fact.flag("Grappled", { no: "Not grappled" }),
    avoided: fact.hidden(Type.Boolean()),
    kind: fact.word("Grapple", { boarding: "to board", collision: "a collision", "fire-ship": "by a fire ship" }),
    attackerScore: fact.nullable(fact.die("Attacker's score")),
    defenderScore: fact.nullable(fact.die("Defender's score")),
  }),
  measure: GRAPPLE_MEASURES,
  title: "Grapple",
  description:
    "Contact: a grapple, a collision of friends in one hex, or a fire ship's strike. The defender may try to avoid it (an average die each).",
  schema: actionSchema("grapple", {
    ...pair,
    kind: literals(KINDS, { default: "boarding", label: "Kind" }),
    defenderAvoids: Type.Boolean({ default: true, label: "Defender tries to avoid" }),
    initiative: literals(INITIATIVE, { default: "none", label: "Who has the initiative" }),
    bothMoved: Type.Boolean({ default: false, label: "Both ships have moved" }),
  }),
  prepare({ state, action }) {
    const c = checkPlay(state, action, ["attacker", "defender"]);
    if (!c.ok) return c;
    const a = ship(state, action.attacker);
    const d = ship(state, action.defender);
    if (a.grappledWith !== null || d.grappledWith !== null)
      return fail("rules.illegal", "One of these ships is already held by another.", "action.attacker");
    if (action.kind === "fire-ship" && !a.fireshipLit)
      return fail("rules.illegal", `${a.name} is not a fired fire ship.`, "action.attacker");
    if (action.kind === "collision" && a.side !== d.side)
      return fail("rules.illegal", "A collision is between friendly ships.", "action.defender");
    if (action.kind !== "boarding" && action.defenderAvoids === false)
      return fail("rules.illegal", "Only a boarding can be accepted without a roll.", "action.defenderAvoids");
    return ok(action);
  },
  plan: ({ state, action }) =>
    action.defenderAvoids === false
      ? []
      : [
          bySide(ship(state, action.attacker).side, entry("attacker", "dave", 1, `${ship(state, action.attacker).name} tries to close.`)),
          bySide(ship(state, action.defender).side, entry("defender", "dave", 1, `${ship(state, action.defender).name} tries to avoid.`)),
        ],
  resolve({ state, action }, dice) {
    const a = ship(state, action.attacker);
    const d = ship(state, action.defender);
    const kind = action.kind;
    const s = cfg(state);
    let attackerScore: number | null = null;
    let defenderScore: number | null = null;
    if (action.defenderAvoids) {
      attackerScore = (dice[0]?.[0] ?? 0) + avoidModifier(a, d, action.initiative === "attacker", s, kind === "fire-ship");
      defenderScore = (dice[1]?.[0] ?? 0) + avoidModifier(d, a, action.initiative === "defender", s);
    }
    // "If the defender scores higher, they successfully avoid the grapple."
    const avoided = attackerScore !== null && defenderScore !== null && defenderScore > attackerScore;
    const events: GameEvent[] = avoided ? [] : held(a, d, kind);
    const followUps: FollowUp[] = [];
    if (!avoided && kind === "fire-ship") {
      // "If successful, they have struck the target, treat as a critical hit fire."
      const f = startFire(d, "fire ship");
      events.push(...f.events);
      followUps.push(...f.followUps);
    }
    // "If both ships have moved they both stay in the hex, roll a DAve, odds the attacker is placed to port, evens to starboard"
    if (action.bothMoved === true && kind === "boarding") {
      followUps.push(
        roll("Both ships stay in the hex: 1 average die places the attacker (odd port, even starboard).", {
          type: "placement",
          attacker: a.id,
          defender: d.id,
        }),
      );
    }
    return ok({ outcome: { grappled: !avoided, avoided, kind, attackerScore, defenderScore }, events, followUps });
  },
  summary: (d) => ({
    grappleChance: flagChance("Grappled", d, "grappled"),
  }),
});

export const placement = adAction({
  type: "placement",
  describe: ({ state, action }, o) => {
    return `${nameOf(state, action.attacker)} lies to ${o.attackerTo} of ${nameOf(state, action.defender)}.`;
  },
  outcomeSchema: outcomeOf({ attackerTo: fact.word("Attacker placed to", SIDE_WORDS) }),
  title: "Port or starboard",
  description: "Both ships in one hex: 1 average die — odd, the attacker lies to port of the defender; even, to starboard.",
  schema: actionSchema("placement", { ...pair }),
  prepare: ({ state, action }) => checkShips(state, action, ["attacker", "defender"]),
  plan: () => [entry("placement", "dave", 1, "Odd: attacker to port of the defender; even: to starboard.")],
  resolve: (_ctx, dice) => ok({ outcome: { attackerTo: (dice[0]?.[0] ?? 0) % 2 === 1 ? "port" : "starboard" }, events: [], followUps: [] }),
  summary: (d) => ({
    port: chance(
      "The attacker lies to port",
      d.probability((o) => o.attackerTo === "port"),
    ),
  }),
});
