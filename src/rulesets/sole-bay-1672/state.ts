/**
 * The sole-bay-1672 table state: ships, the windward edge, game bookkeeping (fired fireships, grapples,
 * exploded ships, movement allowances, breakpoint tests) and settings — parsed from a request.
 */

import { type Static, Type } from "@sinclair/typebox";
import { parseWindGameSettings, uniqueShipIds } from "../../game/action-kit.ts";
import { literals, parseWith } from "../../game/schema.ts";
import { baseProblem } from "../../game/ship-base.ts";
import type { TableState } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { TABLE_EDGES, type TableEdge } from "../../wind/compass.ts";
import { SETTING_DEFS, SETTING_LIMITS, type SoleBaySettings } from "./settings.ts";
import { derive, ShipSchema, type SoleBayShip, totalBoxes } from "./ship.ts";
import type { Rating } from "./tables.ts";

/** Wind: the windward table edge (docs/reference/rulesets.md); changes only by scenario or a person (`set-wind`). */
export const WindSchema = Type.Object(
  {
    windward: literals(TABLE_EDGES, { default: "W" }),
  },
  { additionalProperties: false, default: {} },
);
export type SoleBayWind = { readonly windward: TableEdge };

const Ids = Type.Array(Type.String(), { default: [] });

/** Rule-set state that is neither a ship nor the wind, passed back in the next request as `game`. */
export const GameSchema = Type.Object(
  {
    /** Fireships announced as 'fired' (crew removed). */
    fired: Ids,
    /** Ships that exploded: "The destroyed ship is then removed from play." */
    removed: Ids,
    /**
     * Ships destroyed by broadside or fire (or explosion hits, by setting) whose explosion roll has not decided yet:
     * not a prize until it has ("A ship that does not explode remains as a prize").
     */
    explosionDue: Ids,
    /** Ships alongside in a boarding action; `lastWinner` caused most damage in the last round (may break off). */
    grappled: Type.Array(
      Type.Object(
        { a: Type.String(), b: Type.String(), lastWinner: Type.Union([Type.String(), Type.Null()], { default: null }) },
        { additionalProperties: false },
      ),
      { default: [] },
    ),
    /**
     * Pairs that fought a boarding round this turn ("One round of combat will be fought per player Initiative
     * including the initial grappling and boarding action"), cleared by each new initiative.
     */
    boarded: Type.Array(Type.Tuple([Type.String(), Type.String()]), { default: [] }),
    /** Movement allowance (inches) each ship got this turn, for ships following it. */
    allowances: Type.Record(Type.String(), Type.Number(), { default: {} }),
    /** Ships lost when each squadron last tested its breakpoint. */
    breakTests: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { default: {} }),
    /** Squadrons that broke off and retire. */
    broken: Ids,
    /** Broadsides each ship has fired this turn ("A ship may use both broadsides in same turn"), cleared by each new initiative and by the turn's end. */
    broadsides: Type.Record(Type.String(), Type.Array(Type.Union([Type.Literal("port"), Type.Literal("starboard")])), { default: {} }),
    /** The side holding the initiative. */
    initiative: Type.Union([Type.String(), Type.Null()], { default: null }),
  },
  { additionalProperties: false, default: {} },
);
export type SoleBayGame = Static<typeof GameSchema>;

export type SoleBayState = TableState<SoleBayShip, SoleBayWind> & {
  readonly game: SoleBayGame;
  readonly settings: SoleBaySettings;
};

/**
 * The flagships: the ships marked, and in a squadron whose roster marks no ship either way (no `flagship` field on
 * any of its ships) "the first ship listed on its roster" ("Each Squadron/Division has a Flagship, which is the first
 * ship listed on its roster") — the first in request order, passing over fireships (expended, never a flag officer's
 * ship). A roster that says `flagship: false` for every ship has no flagship.
 */
function defaultFlagships(ships: ReadonlyArray<Static<typeof ShipSchema>>): Set<string> {
  const squadronOf = (s: Static<typeof ShipSchema>) => s.squadron ?? s.side;
  const marked = new Set(ships.filter((s) => s.flagship !== undefined).map(squadronOf));
  const flagships = new Set(ships.filter((s) => s.flagship === true).map((s) => s.id));
  for (const s of ships) {
    const squadron = squadronOf(s);
    if (marked.has(squadron) || s.fireship) continue;
    marked.add(squadron);
    flagships.add(s.id);
  }
  return flagships;
}

function parseShips(raw: unknown): Result<SoleBayShip[]> {
  const badBase = baseProblem(raw);
  if (badBase) return { ok: false, error: badBase };
  const parsed = parseWith(Type.Array(ShipSchema), raw ?? [], "ships");
  if (!parsed.ok) return parsed;
  const unique = uniqueShipIds(parsed.value);
  if (!unique.ok) return unique;
  const flagships = defaultFlagships(parsed.value);
  const ships: SoleBayShip[] = [];
  for (const [i, s] of parsed.value.entries()) {
    if (s.damage > totalBoxes(s.hull)) {
      return fail(
        "input.invalid",
        `ships[${i}].damage must be at most ${totalBoxes(s.hull)} (a ${s.hull} ship has ${totalBoxes(s.hull)} boxes); got ${s.damage}.`,
        `ships[${i}].damage`,
      );
    }
    ships.push(
      derive({
        ...s,
        rating: s.rating as Rating,
        name: s.name ?? s.id,
        squadron: s.squadron ?? s.side,
        flagship: flagships.has(s.id),
        // "Each Squadron/Division has a Flagship": a flagship carries its flag officer unless the roster says otherwise.
        flagOfficer: s.flagOfficer ?? (flagships.has(s.id) ? "present" : "none"),
      }),
    );
  }
  return ok(ships);
}

function checkGameIds(game: SoleBayGame, ships: readonly SoleBayShip[]): Result<SoleBayGame> {
  const known = new Set(ships.map((s) => s.id));
  const refs: Array<[string, string]> = [
    ...game.fired.map((id, i): [string, string] => [id, `game.fired[${i}]`]),
    ...game.removed.map((id, i): [string, string] => [id, `game.removed[${i}]`]),
    ...game.grappled.flatMap(
      (g, i): Array<[string, string]> => [
        [g.a, `game.grappled[${i}].a`],
        [g.b, `game.grappled[${i}].b`],
      ],
    ),
  ];
  const bad = refs.find(([id]) => !known.has(id));
  if (bad) return fail("ship.unknown", `There is no ship "${bad[0]}".`, bad[1]);
  return ok(game);
}

/** Validates and fills a request's ships, wind, game and settings. */
export function parseState(raw: { ships?: unknown; wind?: unknown; game?: unknown; settings?: unknown }): Result<SoleBayState> {
  const ships = parseShips(raw.ships);
  if (!ships.ok) return ships;
  const rest = parseWindGameSettings(raw, { wind: WindSchema, game: GameSchema, settings: SETTING_DEFS, limits: SETTING_LIMITS });
  if (!rest.ok) return rest;
  const checked = checkGameIds(rest.value.game, ships.value);
  if (!checked.ok) return checked;
  const settings = rest.value.settings as unknown as SoleBaySettings;
  return ok({ ships: ships.value, wind: rest.value.wind, game: checked.value, settings, data: null });
}

/** A ship still in play: not exploded and removed. */
export const inPlay = (state: SoleBayState, ship: SoleBayShip): boolean => !state.game.removed.includes(ship.id);

/** A ship that can act: in play and not destroyed. */
export const afloat = (state: SoleBayState, ship: SoleBayShip): boolean => inPlay(state, ship) && !ship.destroyed;
