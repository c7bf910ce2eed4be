/**
 * "Fireships" and "Fire Fighting": firing a fireship, its explosion roll each move, the ensnare roll on the
 * Boarding table, fire damage of 1D3 per move, and fighting the fire (4+ ± crew, −1 per turn of fire).
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { chance, nameOf, roll } from "../../../game/action-kit.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import type { FollowUp } from "../../../game/types.ts";
import { ok } from "../../../result.ts";
import { afterWords, damaged, damageReport, markEvents } from "../damage.ts";
import type { SoleBayEvent } from "../events.ts";
import { ensnareHeadline, explosionRollHeadline, fireDamageHeadline, fireFightingHeadline } from "../headline.ts";
import { actionType, illegal, isFired, shipAt, shipId, soleBayAction } from "../lookup.ts";
import { damageFields, HITS, modifiedRoll } from "../outcome-facts.ts";
import { crewModifier, totalBoxes } from "../ship.ts";
import { FIRE_DAMAGE_DICE, FIRE_FIGHTING_PER_TURN, FIRE_FIGHTING_SUCCESS, GRAPPLE_SUCCESS } from "../tables.ts";
import { radiusFollowUp } from "./explosion.ts";
import { retireChoice } from "./flag-officer.ts";

const oneShip = <T extends string>(type: T, label: string) =>
  Type.Object({ type: actionType(type), ship: shipId(label) }, { additionalProperties: false });

export const fireFireship = soleBayAction({
  type: "fire-fireship",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), fired: fact.flag("Fireship fired: crew removed") }),
  title: "Fireship fired",
  description: "Announce a fireship 'fired': the crew is removed and it sails a straight course.",
  schema: oneShip("fire-fireship", "Fireship"),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    if (!ship.value.fireship) return illegal(`${ship.value.name} is not a fireship.`, "action.ship");
    if (isFired(state, ship.value)) return illegal(`${ship.value.name} has already been fired.`, "action.ship");
    return ok({ ship: ship.value });
  },
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({ ship: ctx.ship.id, fired: true }),
  effects: ({ prepared: ctx }) => ({ events: [{ type: "fireship-fired", ship: ctx.ship.id }] }),
  describe: ({ state }, o) => `${nameOf(state, o.ship)} is fired and her crew taken off`,
});

export const fireshipExplosion = soleBayAction({
  type: "fireship-explosion",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    total: fact.die("Rolled"),
    needed: fact.target("Explodes on"),
    exploded: fact.flag("Explodes", { no: "Does not explode" }),
  }),
  title: "Fireship explosion",
  description: "A fired fireship rolls each move for a possible explosion (2d6 against the fireshipExplosionMin setting).",
  schema: oneShip("fireship-explosion", "Fired fireship"),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    if (!isFired(state, ship.value)) return illegal(`${ship.value.name} is not a fired fireship.`, "action.ship");
    return ok({ ship: ship.value, needed: state.settings.fireshipExplosionMin });
  },
  plan: ({ prepared: ctx }) => [entry("explosion", "d6", 2, `Fired fireship ${ctx.ship.name}: explodes on ${ctx.needed}+ on 2d6`)],
  outcome: ({ prepared: ctx }, dice) => {
    const total = (dice[0] ?? []).reduce((s, v) => s + v, 0);
    return { ship: ctx.ship.id, total, needed: ctx.needed, exploded: total >= ctx.needed };
  },
  effects({ prepared: ctx }, o) {
    if (!o.exploded) return { events: [] };
    const boxes = totalBoxes(ctx.ship.hull) - ctx.ship.damage;
    const events: SoleBayEvent[] = [
      ...(boxes > 0 ? [{ type: "damage-marked" as const, ship: ctx.ship.id, boxes, cause: "explosion" as const }] : []),
      { type: "ship-removed", ship: ctx.ship.id },
    ];
    return { events, followUps: [radiusFollowUp(ctx.ship)] };
  },
  summary: (dist) => ({
    pExplodes: chance(
      "Explodes",
      dist.probability((o) => o.exploded),
    ),
  }),
  describe: ({ state }, o) => `${nameOf(state, o.ship)} ${o.exploded ? "explodes" : "sails on"} (${o.total} on 2d6)`,
  headline: ({ state, action }, odds) => explosionRollHeadline(state, action, odds),
});

export const fireshipEnsnare = soleBayAction({
  type: "fireship-ensnare",
  outcomeSchema: outcomeOf({
    fireship: fact.hidden(Type.String()),
    target: fact.hidden(Type.String()),
    roll: fact.die("Rolled"),
    ensnared: fact.flag("Ensnared (3+)", { no: "Not ensnared (under 3)" }),
  }),
  title: "Fireship ensnares",
  description: "A fired fireship collides: roll on the Boarding table (1d6, 3+) to see if the target is ensnared.",
  schema: Type.Object(
    { type: actionType("fireship-ensnare"), fireship: shipId("Fired fireship"), target: shipId("Target") },
    { additionalProperties: false },
  ),
  prepare({ state, action: a }) {
    const fireship = shipAt(state, a.fireship, "action.fireship");
    if (!fireship.ok) return fireship;
    if (!isFired(state, fireship.value)) return illegal(`${fireship.value.name} is not a fired fireship.`, "action.fireship");
    const target = shipAt(state, a.target, "action.target");
    if (!target.ok) return target;
    if (target.value.id === fireship.value.id) return illegal("A fireship cannot ensnare itself.", "action.target");
    return ok({ fireship: fireship.value, target: target.value });
  },
  // The fireship's "crew removed", so its roll on the Boarding table has no crew modifier.
  plan: ({ prepared: ctx }) => [entry("ensnare", "d6", 1, `${ctx.fireship.name} against ${ctx.target.name}: ensnared on 3+`)],
  outcome: ({ prepared: ctx }, dice) => ({
    fireship: ctx.fireship.id,
    target: ctx.target.id,
    roll: dice[0]?.[0] ?? 0,
    ensnared: (dice[0]?.[0] ?? 0) >= GRAPPLE_SUCCESS,
  }),
  effects({ prepared: ctx, state }, o) {
    if (!o.ensnared) return { events: [] };
    const followUps: FollowUp[] = [];
    const retire = ctx.target.flagOfficer === "present" ? retireChoice(state, ctx.target, true) : null;
    if (retire) followUps.push(retire);
    followUps.push(
      roll(`${ctx.target.name} fights off the fireship as a boarding action`, {
        type: "boarding-round",
        attacker: ctx.fireship.id,
        defender: ctx.target.id,
      }),
    );
    return { events: [{ type: "grappled", a: ctx.fireship.id, b: ctx.target.id }], followUps };
  },
  summary: (dist) => ({
    pEnsnared: chance(
      "Ensnared",
      dist.probability((o) => o.ensnared),
    ),
  }),
  describe: ({ state }, o) => `${nameOf(state, o.target)} is ${o.ensnared ? "ensnared by" : "clear of"} ${nameOf(state, o.fireship)}`,
  headline: ({ state, action }, odds) => ensnareHeadline(state, action, odds),
});

export const fireDamage = soleBayAction({
  type: "fire-damage",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), hits: fact.count("Fire damage", HITS), ...damageFields }),
  title: "Fire damage",
  description: "A burning ship takes 1d3 fire damage per move until the fire is put out.",
  schema: oneShip("fire-damage", "Burning ship"),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    if (ship.value.fireTurns === 0) return illegal(`${ship.value.name} is not on fire.`, "action.ship");
    return ok({ ship: ship.value });
  },
  plan: ({ prepared: ctx }) => [entry("fire", FIRE_DAMAGE_DICE.die, FIRE_DAMAGE_DICE.count, `Fire aboard ${ctx.ship.name}: 1d3 damage`)],
  outcome({ prepared: ctx }, dice) {
    const { ship, hits, marked, wasted, conditionAfter, levelsLost, destroyed } = damageReport(ctx.ship, dice[0]?.[0] ?? 0);
    return { ship, hits, marked, wasted, conditionAfter, levelsLost, destroyed };
  },
  effects({ prepared: ctx, state }, o) {
    const events: SoleBayEvent[] = markEvents(damageReport(ctx.ship, o.hits), "fire");
    if (!o.destroyed) events.push({ type: "fire-turn", ship: ctx.ship.id });
    // "1D3 of Damage … per move until a successful Fire Fighting roll puts it out": a ship still afloat fights her fire
    // each move, asked for after the damage (the text gives the roll no phase of its own)
    const fight = o.destroyed
      ? []
      : [roll(`${ctx.ship.name} still burns: fight the fire (4+ on 1d6)`, { type: "fire-fighting", ship: ctx.ship.id })];
    return damaged(state, { events, cause: "fire", followUps: fight });
  },
  describe: ({ state }, o) => `Fire does ${o.hits} damage to ${nameOf(state, o.ship)} — ${afterWords(o)}`,
  headline: ({ state, action }, odds) => fireDamageHeadline(state, action, odds),
});

export const fireFighting = soleBayAction({
  type: "fire-fighting",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    modified: modifiedRoll,
    putOut: fact.flag("Fire put out (4+)", { no: "Still burning" }),
  }),
  title: "Fire fighting",
  description: "Fight a fire: 1d6, 4+ ± crew, −1 per turn of fire.",
  schema: oneShip("fire-fighting", "Burning ship"),
  prepare({ state, action: a }) {
    const ship = shipAt(state, a.ship, "action.ship");
    if (!ship.ok) return ship;
    if (ship.value.fireTurns === 0) return illegal(`${ship.value.name} is not on fire.`, "action.ship");
    const modifier = crewModifier(ship.value, state.game.fired) + FIRE_FIGHTING_PER_TURN * ship.value.fireTurns;
    return ok({ ship: ship.value, modifier });
  },
  plan: ({ prepared: ctx }) => [
    entry("fire-fighting", "d6", 1, `Fighting the fire aboard ${ctx.ship.name}: 4+ with ${ctx.modifier >= 0 ? "+" : ""}${ctx.modifier}`),
  ],
  outcome: ({ prepared: ctx }, dice) => {
    const modified = (dice[0]?.[0] ?? 0) + ctx.modifier;
    return { ship: ctx.ship.id, modified, putOut: modified >= FIRE_FIGHTING_SUCCESS };
  },
  effects: ({ prepared: ctx }, o) => ({ events: o.putOut ? [{ type: "fire-out", ship: ctx.ship.id }] : [] }),
  summary: (dist) => ({
    pPutOut: chance(
      "Fire put out",
      dist.probability((o) => o.putOut),
    ),
  }),
  describe: ({ state }, o) => `The fire aboard ${nameOf(state, o.ship)} is ${o.putOut ? "put out" : "still burning"}`,
  headline: ({ state, action }, odds) => fireFightingHeadline(state, action, odds),
});
