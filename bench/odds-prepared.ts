/**
 * Prepared starts for the odds corpus: action types a random game rarely or never reaches (a fired fireship, a
 * grapple whose last round was won, a leader in play, a hulk in high seas …) from hand-built states that make them
 * legal. Each is a fast-check arbitrary over a scenario's ships (copied to club sizes), so which ships, how damaged
 * and which settings vary from case to case; the corpus keeps the cases the rule set accepts.
 */
import fc from "fast-check";

/** A scenario ship as the request carries it. */
export type RawShip = Readonly<Record<string, unknown>> & { readonly id: string; readonly side: string };

/** One prepared request: the ships (patched), game, settings and wind to merge over the scenario's, and the action. */
export interface PreparedCase {
  readonly ships: readonly RawShip[];
  readonly game?: Readonly<Record<string, unknown>>;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly wind?: unknown;
  readonly action: Readonly<Record<string, unknown>>;
}

/** Prepared cases from a fleet. */
export type Preparer = (ships: readonly RawShip[]) => fc.Arbitrary<PreparedCase>;

const pick = (ships: readonly RawShip[]) => fc.constantFrom(...ships);
const enemies = (ships: readonly RawShip[]) => fc.tuple(pick(ships), pick(ships)).filter(([a, b]) => a.side !== b.side);
/** The fleet with some ships' fields replaced. */
const patch = (ships: readonly RawShip[], changes: Record<string, Record<string, unknown>>): RawShip[] =>
  ships.map((s) => ({ ...s, ...changes[s.id] }));
/** Up to 20 ships other than `not`, in any order. */
const others = (ships: readonly RawShip[], not: string) => {
  const ids = ships.filter((s) => s.id !== not).map((s) => s.id);
  return fc.shuffledSubarray(ids, { minLength: 0, maxLength: Math.min(20, ids.length) });
};

const soleBay: readonly Preparer[] = [
  // "Crew causing most damage may choose to immediately break-off": a grapple whose last round one side won.
  (ships) =>
    fc.tuple(enemies(ships), fc.boolean(), fc.integer({ min: 0, max: 11 })).map(([[a, b], aWon, damage]) => ({
      ships: patch(ships, { [a.id]: { damage }, [b.id]: { damage: 11 - damage } }),
      game: { grappled: [{ a: a.id, b: b.id, lastWinner: aWon ? a.id : b.id }] },
      action: { type: "break-off", ship: aWon ? a.id : b.id },
    })),
  // A fireship ready to be fired (no dice), then fired: its explosion roll each move, and its collision roll.
  (ships) =>
    pick(ships).map((f) => ({
      ships: patch(ships, { [f.id]: { fireship: true, rating: 4, flagship: false } }),
      action: { type: "fire-fireship", ship: f.id },
    })),
  // A fired fireship: its explosion roll each move, and its collision roll against a target.
  (ships) =>
    fc.tuple(pick(ships), fc.integer({ min: 2, max: 12 })).map(([f, min]) => ({
      ships: patch(ships, { [f.id]: { fireship: true, rating: 4, flagship: false } }),
      game: { fired: [f.id] },
      settings: { fireshipExplosionMin: min },
      action: { type: "fireship-explosion", ship: f.id },
    })),
  (ships) =>
    enemies(ships).map(([f, t]) => ({
      ships: patch(ships, { [f.id]: { fireship: true, rating: 4, flagship: false } }),
      game: { fired: [f.id] },
      action: { type: "fireship-ensnare", fireship: f.id, target: t.id },
    })),
  // An exploded ship: its radius, and the hits among up to 20 ships within it (each rolls, or one roll for all).
  (ships) =>
    pick(ships).chain((x) =>
      fc.tuple(others(ships, x.id), fc.integer({ min: 1, max: 6 }), fc.constantFrom("each", "one")).map(([within, radius, roll]) => ({
        ships: patch(ships, { [x.id]: { damage: x.hull === "stout" ? 20 : x.hull === "weak" ? 12 : 16 } }),
        game: { removed: [x.id] },
        settings: { explosionHitsRoll: roll },
        action: { type: "explosion-hits", ship: x.id, radius, ships: within },
      })),
    ),
  (ships) =>
    pick(ships).map((x) => ({
      ships: patch(ships, { [x.id]: { damage: x.hull === "stout" ? 20 : x.hull === "weak" ? 12 : 16 } }),
      game: { removed: [x.id] },
      action: { type: "explosion-radius", ship: x.id },
    })),
];

const angloDutch: readonly Preparer[] = [
  // Appendix 2 weather: a double 1 or 2 on the wind roll also rolls for strength.
  (ships) =>
    fc
      .tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom("still", "light", "normal", "strong", "gale"))
      .map(([direction, strength]) => ({
        ships,
        settings: { weather: true },
        wind: { direction, strength },
        action: { type: "wind-strength" },
      })),
  (ships) =>
    fc.tuple(pick(ships), fc.integer({ min: 1, max: 20 })).map(([s, damage]) => ({
      ships: patch(ships, { [s.id]: { damage } }),
      wind: { direction: 3, strength: "gale" },
      action: { type: "gale-survival", ship: s.id },
    })),
  (ships) =>
    fc.tuple(enemies(ships), fc.integer({ min: 0, max: 15 })).map(([[a, d], damage]) => ({
      ships: patch(ships, {
        [a.id]: { grappledWith: d.id, grappleKind: "boarding" },
        [d.id]: { grappledWith: a.id, grappleKind: "boarding", damage },
      }),
      action: { type: "board", attacker: a.id, defender: d.id },
    })),
  // Ships held together trying to get clear: after a collision, or the winner of the last boarding round.
  (ships) =>
    fc
      .tuple(enemies(ships), fc.constantFrom("collision", "boarding"), fc.constantFrom("ship", "other", "none"))
      .map(([[a, b], kind, initiative]) => ({
        ships: patch(ships, {
          [a.id]: { grappledWith: b.id, grappleKind: kind, wonBoardingRound: true },
          [b.id]: { grappledWith: a.id, grappleKind: kind },
        }),
        action: { type: "separate", ship: a.id, initiative },
      })),
];

const quickfire: readonly Preparer[] = [
  // 3.0 Quickfire Effect: two or more ships with light ROF 6 combine their light fire at short or point-blank range.
  (ships) =>
    enemies(ships).chain(([f, t]) =>
      fc
        .tuple(
          fc.shuffledSubarray(
            ships.filter((s) => s.side === f.side).map((s) => s.id),
            { minLength: 2 },
          ),
          fc.constantFrom("short", "point-blank"),
        )
        .map(([firers, range]) => ({
          ships: patch(ships, Object.fromEntries(firers.map((id) => [id, { lightRof: 6, lightGun: 3, lightRofLost: 0 }]))),
          action: { type: "quickfire-attack", firers, target: t.id, range, arc: "broadside" },
        })),
    ),
  // 4.2–4.3: repairs of marked damage with up to all of the ship's points, and an immobilised ship's sinking roll.
  (ships) =>
    fc
      .tuple(
        pick(ships),
        fc.constantFrom("speed", "heavy-rof", "light-rof"),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
      )
      .map(([s, damage, lost, points, sinking]) => {
        const field = { speed: "speedLost", "heavy-rof": "heavyRofLost", "light-rof": "lightRofLost" }[damage];
        return sinking
          ? { ships: patch(ships, { [s.id]: { speedLost: 8 } }), action: { type: "sinking", ship: s.id } }
          : {
              ships: patch(ships, { [s.id]: { [field]: lost, repair: Math.max(points, Number(s.repair ?? 0)) } }),
              action: { type: "repair", ship: s.id, damage, points },
            };
      }),
  // 2.0–2.2: a move within the ship's available speed, with or without a pivot.
  (ships) =>
    fc.tuple(pick(ships), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0, 30)).map(([s, share, turn]) => ({
      ships,
      action: { type: "move", ship: s.id, distance: Math.floor(share * Number((s.speedBoxes as number[] | undefined)?.[0] ?? 0)), turn },
    })),
];

const LEADER_RANKS = ["admiral", "captain"] as const;

const wsim: readonly Preparer[] = [
  // Leaders aboard ships (XII.1): a possible casualty at a range, and a player taking on a leader not yet played.
  (ships) =>
    fc.uniqueArray(pick(ships), { minLength: 1, maxLength: 4, selector: (s) => s.id }).chain((aboard) =>
      fc
        .tuple(fc.array(fc.boolean(), { minLength: aboard.length, maxLength: aboard.length }), fc.integer({ min: 1, max: 12 }), fc.nat())
        .map(([played, rangeHexes, n]) => {
          const leaders = aboard.map((s, i) => ({
            id: `leader-${i}`,
            name: `Leader ${i}`,
            side: s.side,
            ship: s.id,
            rank: LEADER_RANKS[i === 0 ? 0 : 1],
            seniority: i + 1,
            playedBy: played[i] ? `player-${i}` : null,
          }));
          const free = leaders.filter((l) => l.playedBy === null);
          const action =
            n % 2 === 0 || free.length === 0
              ? { type: "leader-casualty", leader: leaders[n % leaders.length]?.id, rangeHexes }
              : { type: "impersonate", player: "player-new", leader: free[n % free.length]?.id };
          return { ships, game: { leaders }, action };
        }),
    ),
  // A ship with its whole log (hull, guns, three crew sections, rigging): marking boxes and forming boarding parties.
  (ships) =>
    fc
      .tuple(
        pick(ships),
        fc.integer({ min: 2, max: 12 }),
        fc.constantFrom("hull", "gunsLeft", "gunsRight", "crew1", "crew2", "crew3", "rigging1", "rigging2", "rigging3"),
        fc.integer({ min: -3, max: 6 }),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom("DBP", "DBP", "TBP"),
        fc.boolean(),
      )
      .map(([s, boxes, section, n, crew, party, marking]) => {
        const track = { boxes };
        const log = {
          hull: track,
          gunsLeft: track,
          gunsRight: track,
          crewSections: [track, track, track],
          rigging: [track, track, track],
        };
        return {
          ships: patch(ships, { [s.id]: log }),
          action: marking ? { type: "mark", ship: s.id, section, boxes: n } : { type: "form-party", ship: s.id, section: crew, party },
        };
      }),
  // V: movement plots within a movement allowance.
  (ships) =>
    fc
      .tuple(
        pick(ships),
        fc.constantFrom("1", "2", "3", "L1", "1R", "L", "B", "D", "11", "1L1"),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
      )
      .map(([s, plot, allowanceMP, turning]) => ({
        ships: patch(ships, { [s.id]: { turningAllowance: turning } }),
        action: { type: "plot", ship: s.id, plot, allowanceMP },
      })),
  // VI.4: grappled ships with boarding parties formed fight a melee round.
  (ships) =>
    fc
      .tuple(
        enemies(ships),
        fc.constantFrom("OBP", "DBP", "TBP", "none"),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
      )
      .map(([[x, y], enemyParty, bx, by, mx, my]) => ({
        ships: patch(ships, {
          [x.id]: {
            grappledWith: [y.id],
            crewSections: [
              { boxes: bx, party: "OBP" },
              { boxes: bx, party: "none" },
            ],
          },
          [y.id]: { grappledWith: [x.id], crewSections: [{ boxes: by, party: enemyParty }] },
        }),
        action: { type: "melee", ship: x.id, enemy: y.id, multiplierShip: mx, multiplierEnemy: my },
      })),
  // VII: a captain's signal to a friendly ship (kept in the corpus whatever the random games reach).
  (ships) =>
    fc
      .tuple(pick(ships), pick(ships), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 15 }))
      .filter(([a, b]) => a.id !== b.id)
      .map(([a, b, size, pathHexes]) => ({
        ships,
        action: { type: "signal", player: "player-1", from: a.id, to: b.id, rank: "captain", size, pathHexes },
      })),
  // Movement (issue 43): a ship sails the plot she made this turn.
  (ships) =>
    fc.tuple(pick(ships), fc.constantFrom("1", "2", "1R1", "LT", "B", "")).map(([s, plot]) => ({
      ships: patch(ships, { [s.id]: { plot } }),
      action: { type: "move", ship: s.id },
    })),
];

const ageOfSail: readonly Preparer[] = [
  // A hulk (no gun decks, no hull) in high seas.
  (ships) =>
    fc.tuple(pick(ships), fc.integer({ min: 6, max: 7 })).map(([s, speed]) => ({
      ships: patch(ships, { [s.id]: { gunDecks: { port: 0, starboard: 0 }, hull: 0 } }),
      wind: { direction: "S", speed },
      action: { type: "sinking-check", ship: s.id },
    })),
  // Aground, a fallen mast, a fire, masts still to be chosen after a hit.
  (ships) =>
    fc
      .tuple(pick(ships), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 }))
      .map(([s, kind, mast, fire]) => {
        const masts = [1, 1, 1].map((m, i) => (i === mast - 1 ? 0 : m));
        const cases = [
          { ship: { aground: true }, action: { type: "refloat", ship: s.id } },
          { ship: { masts }, action: { type: "repair-mast", ship: s.id, mast } },
          { ship: { fire }, action: { type: "fire-removal", ship: s.id } },
          {
            ship: {},
            game: { pendingMastLoss: [{ ship: s.id, count: 1, by: "x" }] },
            action: { type: "lose-masts", ship: s.id, masts: [mast] },
          },
        ];
        const c = cases[kind] as (typeof cases)[number];
        return { ships: patch(ships, { [s.id]: c.ship }), ...(c.game ? { game: c.game } : {}), action: c.action };
      }),
  // Entangled ships trying to separate, one of them perhaps a prize waiting for its crew.
  (ships) =>
    fc.tuple(enemies(ships), fc.boolean(), fc.constantFrom("port", "starboard", undefined)).map(([[a, b], captured, from]) => ({
      ships: patch(ships, { [a.id]: { entangledWith: [b.id] }, [b.id]: { entangledWith: [a.id], captured } }),
      action: { type: "separate", ship: a.id, other: b.id, ...(from ? { prizeCrewFrom: from } : {}) },
    })),
];

/** Prepared starts by rule set id. */
export const PREPARED: Readonly<Record<string, readonly Preparer[]>> = {
  "sole-bay-1672": soleBay,
  quickfire,
  "anglo-dutch-1666": angloDutch,
  "wsim-battle-v3": wsim,
  "age-of-sail": ageOfSail,
};
