/**
 * Age of Sail hazards: putting out fires (5–6, then 6, else the ship blows up), ships near an explosion catching
 * fire by the hull range table, and wrecks sinking in high seas.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { flagChance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { type AosEvent, liveShip, scoreEvent, shipEvent } from "./events.ts";
import { explosionFire, explosionQuestion } from "./explosion.ts";
import { aosAction } from "./kit.ts";
import { CATCH_FIRE_MEASURES } from "./measures.ts";
import { type AosState, remainingBoxes, type Ship, totalDecks } from "./state.ts";
import { rangeBand } from "./tables.ts";

/** A ship lost with boxes still unmarked scores them for the side that did it (setting `scoreLostShips`). */
export function lossScore(state: AosState, ship: Ship, by: string | null, reason: string): AosEvent[] {
  if (by === null || !setting<boolean>(state.settings, "scoreLostShips")) return [];
  const points = remainingBoxes(ship);
  return points > 0 ? [scoreEvent(by, points, reason)] : [];
}

export const fireRemoval = aosAction({
  type: "fire-removal",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return o.exploded ? `${ship} blows up and sinks!` : o.extinguished ? `${ship} puts the fire out.` : `The fire on ${ship} grows.`;
  },
  outcomeSchema: outcomeOf({
    need: fact.target("Put out on"),
    extinguished: fact.flag("Fire put out"),
    exploded: fact.flag("The ship blows up"),
  }),
  title: "Fire removal",
  description: "A burning ship fights the fire: 5–6 the first round, 6 the next, else it blows up.",
  schema: actionSchema("fire-removal", { ship: shipField("Ship") }),
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship", (her) => (her.fire === 0 ? `${her.name} is not on fire.` : null));
    if (!s.ok) return s;
    // "If a firing player manages to get a pair of sixes in the firing round, the target catches on fire. In the next
    // round the ship on fire must throw a 5 or 6 …": the first roll belongs to the round after the fire was set (the
    // owner's fire removal stage then), the second to the round after that — one roll a round.
    if (s.value.fireRound >= state.game.round)
      return fail(
        "rules.illegal",
        s.value.fire === 1
          ? `${s.value.name} caught fire this round: her first fire removal roll (5–6) is at her fire removal stage next round.`
          : `${s.value.name} has fought her fire this round: her next roll (a 6) is at her fire removal stage next round.`,
        "action.ship",
      );
    return s;
  },
  plan: ({ prepared: ship }) => [
    entry("fire-removal", "d6", 1, ship.fire === 1 ? "Put the fire out on 5–6" : "Put the fire out on a 6, else she blows up"),
  ],
  resolve({ state, prepared: ship }, dice) {
    // "throw a 5 or 6 to put the fire out. If unsuccessful, the fire grows and in the next round, the ship must throw a 6"
    const need = ship.fire === 1 ? 5 : 6;
    const roll = dice[0]?.[0] ?? 0;
    if (roll >= need)
      return resolution({ need, extinguished: true, exploded: false }, [
        shipEvent("fire-extinguished", ship, { fire: 0, fireSetBy: null }),
      ]);
    if (ship.fire === 1)
      return resolution({ need, extinguished: false, exploded: false }, [
        shipEvent("fire-grew", ship, { fire: 2, fireRound: state.game.round }),
      ]);
    // "If unsuccessful, the ship blows up and is immediately sunk and removed from the game."
    const events = [
      shipEvent("exploded", ship, { sunk: true, fire: 0 }),
      ...lossScore(state, ship, ship.fireSetBy, `${ship.name} blew up`),
    ];
    return resolution({ need, extinguished: false, exploded: true }, events, explosionQuestion(state, ship));
  },
  summary: (d) => ({
    pExtinguished: flagChance("The fire is put out", d, "extinguished"),
    pExplodes: flagChance("Explodes", d, "exploded"),
  }),
});

export const catchFire = aosAction({
  type: "catch-fire",
  describe: ({ state, action }, o) =>
    `${nameOf(state, action.ship)} ${o.caught ? "catches fire from the explosion" : "escapes the explosion's fire"}.`,
  outcomeSchema: outcomeOf({
    caught: fact.flag("Catches fire", { no: "Does not catch fire" }),
    inReach: fact.flag("Within reach of the explosion", { no: "Out of reach of the explosion" }),
    need: Type.Optional(fact.target("Catches fire on")),
  }),
  measure: CATCH_FIRE_MEASURES,
  title: "Catching fire",
  description: "A ship near an explosion: within 12 cm it catches fire on the hull range table's score.",
  schema: actionSchema("catch-fire", {
    ship: shipField("Ship"),
    from: shipField("Exploded ship"),
    rangeCm: Type.Number({ minimum: 0, label: "Distance from the explosion (cm)" }),
  }),
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const from = findShip(state.ships, a.from, "action.from");
    return from.ok ? ok({ ship: s.value, from: from.value }) : from;
  },
  plan({ state, action: a }) {
    if (a.rangeCm > setting<number>(state.settings, "explosionRadiusCm")) return ok([]);
    const band = rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"));
    return ok([entry("catch-fire", "d6", 1, `Catches fire on ${band?.hull ?? 5}+ (the hull column of the range table)`)]);
  },
  resolve({ state, action: a, prepared: { ship, from } }, dice) {
    if (a.rangeCm > setting<number>(state.settings, "explosionRadiusCm")) return resolution({ caught: false, inReach: false }, []);
    // "Use the range table above for damaging hulls to determine if any other ships catch on fire."
    const band = rangeBand(a.rangeCm, setting(state.settings, "rangeEdge"));
    const need = band?.hull ?? 5;
    const caught = (dice[0]?.[0] ?? 0) >= need && ship.fire === 0;
    return resolution(
      { caught, inReach: true, need },
      caught ? [shipEvent("caught-fire", ship, { fire: 1, fireSetBy: from.fireSetBy, fireRound: state.game.round })] : [],
    );
  },
  summary: (d) => ({ pCaught: flagChance("Catches fire", d, "caught") }),
});

export const sinkingCheck = aosAction({
  type: "sinking-check",
  describe: ({ state, action }, o) => `${nameOf(state, action.ship)} ${o.sank ? "founders in the high seas and sinks" : "stays afloat"}.`,
  outcomeSchema: outcomeOf({ sank: fact.flag("Sinks", { no: "Stays afloat" }) }),
  title: "Sinking in high seas",
  description: "A ship with no gun decks and no hull left, in high seas (wind 6+): 1 or 2 and she sinks.",
  schema: actionSchema("sinking-check", { ship: shipField("Ship") }),
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    if (totalDecks(s.value) > 0 || s.value.hull > 0) {
      return fail("rules.illegal", `${s.value.name} still has gun decks or hull units: she is not prone to sinking.`, "action.ship");
    }
    const high = setting<number>(state.settings, "highSeasSpeed");
    if (state.wind.speed < high) return fail("rules.illegal", `Wind speed ${state.wind.speed} is not high seas (${high}+).`, "action.ship");
    return s;
  },
  plan: () => ok([entry("sinking", "d6", 1, "High seas: 1 or 2 and she sinks")]),
  resolve({ state, prepared: ship }, dice) {
    const sank = (dice[0]?.[0] ?? 0) <= 2;
    const events = sank ? [shipEvent("sank", ship, { sunk: true }), ...lossScore(state, ship, ship.lastHitBy, `${ship.name} sank`)] : [];
    return resolution({ sank }, events);
  },
  summary: (d) => ({ pSink: flagChance("Sinks", d, "sank") }),
});

export const HAZARDS = [fireRemoval, catchFire, explosionFire, sinkingCheck];
