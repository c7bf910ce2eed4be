/**
 * Age of Sail gunnery: one die per gun deck in the arc, hull or sails declared first, the range table, gun decks
 * and masts lost, the owner's choice of masts on a broadside, raking from astern and a pair of sixes setting fire.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chances, expectedOf, fieldDistribution, flagChance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { DieMark, FollowUp, Settings } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type AosEvent, liveShip, scoreEvent, shipEvent } from "./events.ts";
import { fireHeadline } from "./headline.ts";
import { aosAction } from "./kit.ts";
import { FIRE_MEASURES } from "./measures.ts";
import { type AosState, BROADSIDES, type Broadside, type Ship, standingMasts } from "./state.ts";
import { rangeBand } from "./tables.ts";

const SIDES = ["port", "starboard", "stern", "bow"] as const;
type TargetSide = (typeof SIDES)[number];
const MAST_NAMES = ["fore", "main", "mizzen"];

/** The firing broadside: the one named, else the one with more unfired gun decks (port on a tie). */
function batteryOf(firer: Ship, a: { readonly battery?: Broadside }): Broadside {
  if (a.battery !== undefined) return a.battery;
  const ready = (b: Broadside) => (firer.firedThisRound.includes(b) ? 0 : firer.gunDecks[b]);
  return ready("starboard") > ready("port") ? "starboard" : "port";
}

function ships(state: AosState, a: { readonly firer: string; readonly target: string }): Result<{ firer: Ship; target: Ship }> {
  const firer = liveShip(state, a.firer, "firer");
  if (!firer.ok) return firer;
  const target = liveShip(state, a.target, "target");
  if (!target.ok) return target;
  return ok({ firer: firer.value, target: target.value });
}

/**
 * Hull hits: "each hit will knock out one gun deck on the side you are firing at"; "Firing directly from the stern
 * creates equal damage to both sides". Beyond the gun decks a hit takes a hull unit (setting `hullHitsOverflow`).
 */
export function hullDamage(
  target: Ship,
  hits: number,
  side: TargetSide,
  settings: Settings,
): { port: number; starboard: number; hull: number } {
  const d = { port: target.gunDecks.port, starboard: target.gunDecks.starboard, hull: target.hull };
  const overflow = () => {
    if (setting<boolean>(settings, "hullHitsOverflow") && d.hull > 0) d.hull--;
  };
  const bothSides = side === "stern" || (side === "bow" && setting<string>(settings, "bowHullHits") === "both-sides");
  let next: Broadside = d.starboard > d.port ? "starboard" : "port";
  for (let i = 0; i < hits; i++) {
    if (d.port === 0 && d.starboard === 0) overflow();
    else if (side === "port" || side === "starboard") {
      if (d[side] > 0) d[side]--;
      else overflow();
    } else if (bothSides) {
      d.port = Math.max(0, d.port - 1);
      d.starboard = Math.max(0, d.starboard - 1);
    } else {
      const take: Broadside = d[next] > 0 ? next : next === "port" ? "starboard" : "port";
      d[take]--;
      next = take === "port" ? "starboard" : "port";
    }
  }
  return d;
}

/** Standing masts in the order sail hits take them: "from the fore or aft onwards along the ship". */
const mastOrder = (target: Ship, side: TargetSide): number[] => {
  const idx = target.masts.map((m, i) => (m > 0 ? i : -1)).filter((i) => i >= 0);
  return side === "stern" ? idx.reverse() : idx;
};

export const fire = aosAction({
  type: "fire",
  describe: ({ state, action }, o) => {
    const what = o.aim === "hull" ? "gun decks/hull" : "masts";
    const fire = o.onFire ? " — a pair of sixes: she is on fire!" : "";
    const choose = o.mastsToChoose > 0 ? ` (owner chooses ${plural(o.mastsToChoose, "mast")})` : "";
    return `${nameOf(state, action.firer)} scores ${plural(o.hits, "hit")} on ${nameOf(state, action.target)}'s ${what}${choose}${fire}`;
  },
  outcomeSchema: outcomeOf({
    battery: fact.word("Battery", { port: "port", starboard: "starboard" }),
    need: fact.target("Hits on"),
    aim: fact.word("Aimed at", { hull: "hull", sails: "sails" }),
    side: fact.word("Side hit", { port: "port", starboard: "starboard", stern: "stern", bow: "bow" }),
    hits: fact.count("Hits"),
    onFire: fact.flag("Set on fire"),
    mastsLost: fact.words("Masts lost", {}),
    mastsToChoose: fact.count("Masts to choose", undefined, { omitZero: true }),
    damage: fact.count("Damage points"),
  }),
  measure: FIRE_MEASURES,
  title: "Broadside",
  description: "Fire a broadside: one d6 per gun deck in the arc, aimed at hull or sails; a pair of sixes sets the target on fire.",
  schema: actionSchema("fire", {
    firer: shipField("Firing ship"),
    target: shipField("Target"),
    rangeCm: Type.Number({ minimum: 0, label: "Range (cm)" }),
    aim: Type.Union([Type.Literal("hull"), Type.Literal("sails")], { label: "Aim at" }),
    side: literals(SIDES, { label: "Target's side fired at" }),
    battery: Type.Optional(literals(BROADSIDES, { label: "Firing broadside" })),
  }),
  prepare({ state, action: a }) {
    const s = ships(state, a);
    if (!s.ok) return s;
    const { firer, target } = s.value;
    if (firer.id === target.id) return fail("rules.illegal", "A ship cannot fire at itself.", "action.target");
    if (firer.side === target.side) return fail("rules.illegal", `${target.name} is on ${firer.name}'s own side.`, "action.target");
    if (!rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"))) {
      return fail("rules.out-of-range", `${a.rangeCm} cm is beyond the range table (12 cm).`, "action.rangeCm");
    }
    if (firer.repairingMasts) {
      return fail("rules.illegal", `${firer.name}'s crew is repairing masts and cannot man the guns this round.`, "action.firer");
    }
    const battery = batteryOf(firer, a);
    if (firer.gunDecks[battery] === 0)
      return fail("rules.illegal", `${firer.name} has no gun deck left on the ${battery} side.`, "action.battery");
    // "Each gun deck can fire once per round"
    if (firer.firedThisRound.includes(battery)) {
      return fail("rules.illegal", `${firer.name}'s ${battery} gun decks have fired this round.`, "action.battery");
    }
    return ok({ ...a, battery });
  },
  plan({ state, action: a }) {
    const s = ships(state, a);
    if (!s.ok) return s;
    const battery = batteryOf(s.value.firer, a);
    const band = rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"));
    if (!band) return fail("rules.out-of-range", `${a.rangeCm} cm is beyond the range table (12 cm).`, "action.rangeCm");
    const need = a.aim === "hull" ? band.hull : band.sails;
    const decks = s.value.firer.gunDecks[battery];
    return ok([entry("fire", "d6", decks, `${plural(decks, `${battery} gun deck`)} at the ${a.aim}: ${need}+ hits`)]);
  },
  resolve({ state, action: a }, dice) {
    const s = ships(state, a);
    if (!s.ok) return s;
    const { firer, target } = s.value;
    const battery = batteryOf(firer, a);
    const band = rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"));
    if (!band) return fail("rules.out-of-range", `${a.rangeCm} cm is beyond the range table (12 cm).`, "action.rangeCm");
    const { aim, side } = a;
    const need = aim === "hull" ? band.hull : band.sails;
    const rolled = dice[0] ?? [];
    const hits = rolled.filter((v) => v >= need).length;
    // "If a firing player manages to get a pair of sixes in the firing round, the target catches on fire."
    const onFire = rolled.filter((v) => v === 6).length >= 2;
    const events: AosEvent[] = [shipEvent("broadside-fired", firer, { firedThisRound: [...firer.firedThisRound, battery] })];
    const followUps: FollowUp[] = [];
    let set: Partial<Ship> = { lastHitBy: firer.side };
    let points = 0;
    let mastsLost: number[] = [];
    let mastsToChoose = 0;
    if (aim === "hull") {
      const d = hullDamage(target, hits, side, state.settings);
      points = target.gunDecks.port - d.port + target.gunDecks.starboard - d.starboard + target.hull - d.hull;
      set = { ...set, gunDecks: { port: d.port, starboard: d.starboard }, hull: d.hull };
    } else {
      const order = mastOrder(target, side);
      const n = Math.min(hits, order.length);
      if (side === "port" || side === "starboard") {
        // "If it is a broad side, then the owner of the target ship chooses which mast."
        if (n === order.length) mastsLost = order;
        else mastsToChoose = n;
      } else mastsLost = order.slice(0, n);
      points = mastsLost.length;
      set = { ...set, masts: target.masts.map((m, i) => (mastsLost.includes(i) ? 0 : m)) };
      if (mastsToChoose > 0) {
        events.push({
          type: "mast-choice-pending",
          game: { pendingMastLoss: [...state.game.pendingMastLoss, { ship: target.id, count: n, by: firer.side }] },
        });
        followUps.push({
          kind: "choose",
          purpose: `${target.side} chooses which ${n} of ${target.name}'s masts fall.`,
          action: { type: "lose-masts", ship: target.id, masts: [] },
          choice: {
            field: "masts",
            options: order.map((i) => ({
              value: i + 1,
              label: `${MAST_NAMES[i]} (${target.masts[i]} unit${target.masts[i] === 1 ? "" : "s"})`,
            })),
            min: n,
            max: n,
          },
        });
      }
    }
    if (onFire && target.fire === 0) set = { ...set, fire: 1, fireSetBy: firer.side, fireRound: state.game.round };
    events.push(shipEvent(aim === "hull" ? "hull-hit" : "sails-hit", target, set, { hits }));
    if (points > 0) events.push(scoreEvent(firer.side, points, `${firer.name} on ${target.name}`));
    const outcome = { battery, need, aim, side, hits, onFire, mastsLost: mastsLost.map((i) => i + 1), mastsToChoose, damage: points };
    return resolution(outcome, events, followUps);
  },
  // Each die against the range table's score for the aim: "equal or greater than the value … a hit is scored".
  marks({ state, action: a }, dice) {
    const band = rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"));
    const need = band ? (a.aim === "hull" ? band.hull : band.sails) : Number.POSITIVE_INFINITY;
    return dice.map((group) => group.map((v): DieMark => (v >= need ? "hit" : "miss")));
  },
  summary: (d) => ({
    hits: chances(fieldDistribution(d, "hits"), (n) => plural(Number(n), "hit")),
    expectedHits: expectedOf("Hits to expect", d, "hits", "hits"),
    pFire: flagChance("The target catches fire", d, "onFire"),
  }),
  headline: ({ state, action }, odds) => fireHeadline(state, action, odds),
});

export const loseMasts = aosAction({
  type: "lose-masts",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    const lost = o.mastsLost ?? [];
    return `${ship} loses mast${lost.length === 1 ? "" : "s"} ${lost.join(" and ")}; ${o.standing} standing.`;
  },
  outcomeSchema: outcomeOf({ mastsLost: fact.words("Masts lost", {}), standing: fact.count("Masts standing") }),
  title: "Masts lost",
  description: "The target's owner chooses which masts a broadside brought down.",
  schema: actionSchema("lose-masts", {
    ship: shipField("Ship"),
    masts: Type.Array(Type.Integer({ minimum: 1, maximum: 3 }), {
      uniqueItems: true,
      label: "Masts (1 fore, 2 main, 3 mizzen)",
      choices: [1, 2, 3],
    }),
  }),
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const pending = state.game.pendingMastLoss.find((p) => p.ship === s.value.id);
    if (!pending) return fail("rules.illegal", `No mast losses are waiting for ${s.value.name}.`, "action.ship");
    const masts = a.masts;
    if (masts.length !== pending.count) return fail("rules.illegal", `Choose exactly ${plural(pending.count, "mast")}.`, "action.masts");
    const down = masts.findIndex((m) => (s.value.masts[m - 1] ?? 0) === 0);
    if (down >= 0) return fail("rules.illegal", `Mast ${masts[down]} is already down.`, `action.masts[${down}]`);
    return ok(a);
  },
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const pending = state.game.pendingMastLoss.find((p) => p.ship === s.value.id);
    const chosen = a.masts.map((m) => m - 1);
    const masts = s.value.masts.map((m, i) => (chosen.includes(i) ? 0 : m));
    const events: AosEvent[] = [
      shipEvent("masts-lost", s.value, { masts }),
      { type: "mast-choice-made", game: { pendingMastLoss: state.game.pendingMastLoss.filter((p) => p !== pending) } },
    ];
    if (pending) events.push(scoreEvent(pending.by, chosen.length, `masts of ${s.value.name}`));
    return resolution({ mastsLost: chosen.map((i) => i + 1), standing: standingMasts({ ...s.value, masts }) }, events);
  },
});

export const FIRE = [fire, loseMasts];
