/**
 * "Fireships" and "Fire Fighting": firing a fireship, its explosion roll each move, the ensnare roll on the
 * Boarding table, fire damage of 1D3 per move, and fighting the fire (4+ ± crew, −1 per turn of fire).
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { flagChance, nameOf, roll } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { flagHeadline } from "../../../odds/headline.ts";
import { ok } from "../../../result.ts";
import { afterWords, damaged, damageReport, markEvents } from "../damage.ts";
import type { SoleBayEvent } from "../events.ts";
import { explosionRollHeadline, fireDamageHeadline } from "../headline.ts";
import { isFired, shipWhere, soleBayAction } from "../lookup.ts";
import { damageFields, HITS, modifiedRoll } from "../outcome-facts.ts";
import { crewModifier, totalBoxes } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { FIRE_DAMAGE_DICE, FIRE_FIGHTING_PER_TURN, FIRE_FIGHTING_SUCCESS, GRAPPLE_SUCCESS } from "../tables.ts";
import { EXPLOSION_ROLL, explosionOf, radiusFollowUp } from "./explosion.ts";
import { grappledEffects } from "./grapple.ts";

/** The fired fireship an action field names. */
const firedFireship = (state: SoleBayState, id: string, path: string) =>
  shipWhere(state, id, path, (s) => (isFired(state, s) ? null : `${s.name} is not a fired fireship.`));
/** The burning ship `action.ship` names. */
const burning = (state: SoleBayState, id: string) =>
  shipWhere(state, id, "action.ship", (s) => (s.fireTurns === 0 ? `${s.name} is not on fire.` : null));

export const fireFireship = soleBayAction({
  type: "fire-fireship",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), fired: fact.flag("Fireship fired: crew removed") }),
  title: "Fireship fired",
  description: "Announce a fireship 'fired': the crew is removed and it sails a straight course.",
  schema: actionSchema("fire-fireship", { ship: shipField("Fireship") }),
  prepare: ({ state, action: a }) =>
    shipWhere(state, a.ship, "action.ship", (s) =>
      !s.fireship ? `${s.name} is not a fireship.` : isFired(state, s) ? `${s.name} has already been fired.` : null,
    ),
  plan: () => [],
  outcome: ({ prepared: ship }) => ({ ship: ship.id, fired: true }),
  effects: ({ prepared: ship }) => ({ events: [{ type: "fireship-fired", ship: ship.id }] }),
  describe: ({ state }, o) => `${nameOf(state, o.ship)} is fired and her crew taken off`,
});

export const fireshipExplosion = soleBayAction({
  type: "fireship-explosion",
  outcomeSchema: EXPLOSION_ROLL,
  title: "Fireship explosion",
  description: "A fired fireship rolls each move for a possible explosion (2d6 against the fireshipExplosionMin setting).",
  schema: actionSchema("fireship-explosion", { ship: shipField("Fired fireship") }),
  prepare({ state, action: a }) {
    const ship = firedFireship(state, a.ship, "action.ship");
    return ship.ok ? ok({ ship: ship.value, needed: state.settings.fireshipExplosionMin }) : ship;
  },
  plan: ({ prepared: ctx }) => [entry("explosion", "d6", 2, `Fired fireship ${ctx.ship.name}: explodes on ${ctx.needed}+ on 2d6`)],
  outcome: ({ prepared: ctx }, dice) => explosionOf(ctx.ship, ctx.needed, dice),
  effects({ prepared: ctx }, o) {
    if (!o.exploded) return { events: [] };
    const boxes = totalBoxes(ctx.ship.hull) - ctx.ship.damage;
    const events: SoleBayEvent[] = [
      ...(boxes > 0 ? [{ type: "damage-marked" as const, ship: ctx.ship.id, boxes, cause: "explosion" as const }] : []),
      { type: "ship-removed", ship: ctx.ship.id },
    ];
    return { events, followUps: [radiusFollowUp(ctx.ship)] };
  },
  summary: (d) => ({ pExplodes: flagChance("Explodes", d, "exploded") }),
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
  schema: actionSchema("fireship-ensnare", { fireship: shipField("Fired fireship"), target: shipField("Target") }),
  prepare({ state, action: a }) {
    const fireship = firedFireship(state, a.fireship, "action.fireship");
    if (!fireship.ok) return fireship;
    const target = shipWhere(state, a.target, "action.target", (s) =>
      s.id === fireship.value.id ? "A fireship cannot ensnare itself." : null,
    );
    return target.ok ? ok({ fireship: fireship.value, target: target.value }) : target;
  },
  // The fireship's "crew removed", so its roll on the Boarding table has no crew modifier.
  plan: ({ prepared: ctx }) => [entry("ensnare", "d6", 1, `${ctx.fireship.name} against ${ctx.target.name}: ensnared on 3+`)],
  outcome: ({ prepared: ctx }, dice) => ({
    fireship: ctx.fireship.id,
    target: ctx.target.id,
    roll: dice[0]?.[0] ?? 0,
    ensnared: (dice[0]?.[0] ?? 0) >= GRAPPLE_SUCCESS,
  }),
  effects: ({ prepared: ctx, state }, o) =>
    o.ensnared
      ? grappledEffects(state, ctx.fireship, ctx.target, `${ctx.target.name} fights off the fireship as a boarding action`)
      : { events: [] },
  summary: (d) => ({ pEnsnared: flagChance("Ensnared", d, "ensnared") }),
  describe: ({ state }, o) => `${nameOf(state, o.target)} is ${o.ensnared ? "ensnared by" : "clear of"} ${nameOf(state, o.fireship)}`,
  headline: ({ state, action }, odds) =>
    flagHeadline(`${nameOf(state, action.fireship)} against ${nameOf(state, action.target)}`, odds, "ensnared", "Ensnared", "Clear"),
});

export const fireDamage = soleBayAction({
  type: "fire-damage",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), hits: fact.count("Fire damage", HITS), ...damageFields }),
  title: "Fire damage",
  description: "A burning ship takes 1d3 fire damage per move until the fire is put out.",
  schema: actionSchema("fire-damage", { ship: shipField("Burning ship") }),
  prepare: ({ state, action: a }) => burning(state, a.ship),
  plan: ({ prepared: ship }) => [entry("fire", FIRE_DAMAGE_DICE.die, FIRE_DAMAGE_DICE.count, `Fire aboard ${ship.name}: 1d3 damage`)],
  outcome({ prepared: her }, dice) {
    const { ship, hits, marked, wasted, conditionAfter, levelsLost, destroyed } = damageReport(her, dice[0]?.[0] ?? 0);
    return { ship, hits, marked, wasted, conditionAfter, levelsLost, destroyed };
  },
  effects({ prepared: ship, state }, o) {
    const events: SoleBayEvent[] = markEvents(damageReport(ship, o.hits), "fire");
    if (!o.destroyed) events.push({ type: "fire-turn", ship: ship.id });
    // "1D3 of Damage … per move until a successful Fire Fighting roll puts it out": a ship still afloat fights her fire
    // each move, asked for after the damage (the text gives the roll no phase of its own)
    const fight = o.destroyed
      ? []
      : [roll(`${ship.name} still burns: fight the fire (4+ on 1d6)`, { type: "fire-fighting", ship: ship.id })];
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
  schema: actionSchema("fire-fighting", { ship: shipField("Burning ship") }),
  prepare({ state, action: a }) {
    const ship = burning(state, a.ship);
    if (!ship.ok) return ship;
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
  summary: (d) => ({ pPutOut: flagChance("Fire put out", d, "putOut") }),
  describe: ({ state }, o) => `The fire aboard ${nameOf(state, o.ship)} is ${o.putOut ? "put out" : "still burning"}`,
  headline: ({ state, action }, odds) =>
    flagHeadline(`Fighting the fire aboard ${nameOf(state, action.ship)}`, odds, "putOut", "Fire put out", "Still burning"),
});
