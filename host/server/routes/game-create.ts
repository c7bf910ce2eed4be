/**
 * `POST /api/games {ruleset, scenario?, fleets?, players?, title?, settings?, wind?}` (docs/reference/http-api.md, issue 12): a new game in the
 * table's file, not yet open. A bundled scenario gives the ships, wind and game state; `fleets` replace its ships,
 * as in a table file; `settings` change the rule set's options one by one over the scenario's, and `wind` is the
 * starting wind (the rule set's `set-wind` fields, as `GET /api/rulesets` lists them), given whole. The whole set-up is checked as a table file is (each ship by the rule set, tags unique,
 * players naming sides) and stored with the game, so opening it later builds the same table setup
 * (`tableSetupOfGame`). Creating a game never touches the open game or any other.
 */
import { type Static, Type } from "@sinclair/typebox";
import { RULE_SETS, ruleSet } from "../../../src/rulesets/index.ts";
import type { TableRuntime } from "../../compose.ts";
import { checkDataFile } from "../../config/club-data.ts";
import { type GameTable, gameSetupOf, setupOfTable, tableOfSetup } from "../../config/game-table.ts";
import { MAX_SHIPS, MAX_SIDES } from "../../config/limits.ts";
import { loadScenario } from "../../config/load.ts";
import { PlayerSchema, ShipEntrySchema } from "../../config/schema.ts";
import { setupWarningsOf } from "../../config/setup-warnings.ts";
import { JSON_LIMITS, TEXT_BODY_LIMITS, TEXT_BYTES } from "../json-limits.ts";
import { refuse, replies, type TableApp } from "../typed-routes.ts";
import { GameSummary, listGames } from "./game-list.ts";
import { checkTableText, TableFileBody } from "./setup-files.ts";

export const NewGameBody = Type.Object(
  {
    ruleset: Type.String({ minLength: 1, maxLength: 100, description: "The rule set's id (`quarterdeck rulesets`)" }),
    scenario: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "A bundled scenario to start from" })),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    fleets: Type.Optional(
      Type.Array(
        Type.Object(
          { side: Type.String({ minLength: 1, maxLength: 100 }), ships: Type.Array(ShipEntrySchema, { maxItems: MAX_SHIPS }) },
          { additionalProperties: false },
        ),
        { maxItems: MAX_SIDES, description: "The ships by side (as a table file's fleets); they replace the scenario's" },
      ),
    ),
    players: Type.Optional(Type.Array(PlayerSchema, { maxItems: MAX_SIDES, description: "Players by side: name and how they roll" })),
    settings: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 100 })]), {
        description: "The rule set's options (`GET /api/rulesets` settings), over the scenario's",
      }),
    ),
    wind: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: 100 })]), {
        description: "The starting wind by the rule set's wind fields (`GET /api/rulesets` wind); instead of the scenario's",
      }),
    ),
    data: Type.Optional(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 200 }),
          text: Type.String({ maxLength: TEXT_BYTES }),
        },
        {
          additionalProperties: false,
          description:
            "A club's data file for the game (a Quickfire chart, a WS&IM base-game file, or sail(6)'s globals.c), instead of the scenario's; checked as `POST /api/data-files/check` does",
        },
      ),
    ),
  },
  { additionalProperties: false },
);
type NewGame = Static<typeof NewGameBody>;

/** The game created, with what its set-up costs a side that the players may not expect (a 1666 squadron with no flagship). */
const CreatedGame = Type.Composite([
  GameSummary,
  Type.Object({ warnings: Type.Array(Type.String(), { description: "Set-up warnings in the rules' words; the game is created" }) }),
]);

/** The new game's table-file set-up, or the error naming the body's field. */
function gameTableOf(
  body: NewGame,
):
  | { ok: true; value: GameTable; data: unknown }
  | { ok: false; error: { code: "ruleset.unknown" | "scenario.unknown" | "input.invalid"; message: string; path: string } } {
  const rs = ruleSet(body.ruleset);
  if (!rs) {
    const known = RULE_SETS.map((r) => r.id).join(", ");
    return {
      ok: false,
      error: { code: "ruleset.unknown", message: `There is no rule set "${body.ruleset}" (known: ${known}).`, path: "ruleset" },
    };
  }
  let base: GameTable | undefined;
  // the scenario's data file (the WS&IM demo's house stand-in tables) comes with it
  let data: unknown;
  if (body.scenario !== undefined) {
    const sc = loadScenario(body.scenario);
    if (!sc.ok) return { ok: false, error: { code: "scenario.unknown", message: sc.error.message, path: "scenario" } };
    if (sc.value.ruleset.id !== rs.id) {
      const message = `The scenario "${body.scenario}" is a ${sc.value.ruleset.id} game, not ${rs.id}.`;
      return { ok: false, error: { code: "scenario.unknown", message, path: "scenario" } };
    }
    base = tableOfSetup(sc.value);
    data = sc.value.data;
  }
  // the club's own data file, checked whole: an error names its line and key, and no game is created
  if (body.data !== undefined) {
    const checked = checkDataFile(rs, body.data.name, body.data.text);
    if (!checked.ok) {
      return { ok: false, error: { code: "input.invalid", message: checked.error.message, path: "data" } };
    }
    data = checked.value.data;
  }
  const fleets = body.fleets ?? base?.fleets ?? [];
  if (fleets.every((f) => f.ships.length === 0)) {
    return {
      ok: false,
      error: { code: "input.invalid", message: "The game has no ships: add ships, load a roster or choose a scenario.", path: "fleets" },
    };
  }
  if (fleets.reduce((n, f) => n + f.ships.length, 0) > MAX_SHIPS) {
    return { ok: false, error: { code: "input.invalid", message: `A game holds at most ${MAX_SHIPS} ships.`, path: "fleets" } };
  }
  return {
    ok: true,
    data,
    value: {
      ruleset: rs.id,
      ...(body.scenario !== undefined ? { scenario: body.scenario } : {}),
      title: body.title ?? base?.title ?? rs.title,
      fleets,
      ...(body.wind !== undefined ? { wind: body.wind } : base?.wind !== undefined ? { wind: base.wind } : {}),
      ...(base?.game !== undefined ? { game: base.game } : {}),
      ...(base?.settings !== undefined || body.settings !== undefined ? { settings: { ...base?.settings, ...body.settings } } : {}),
      players: body.players ?? [],
      // the scenario's playing area; its starting places only for its own ships
      ...(base?.table ? { table: body.fleets === undefined ? base.table : { width: base.table.width, height: base.table.height } } : {}),
    },
  };
}

export async function gameCreateRoutes(app: TableApp, opts: { readonly table: TableRuntime; readonly now?: () => number }): Promise<void> {
  const now = opts.now ?? Date.now;
  /** The game just created, as listed. */
  const created = (id: number): GameSummary => {
    const game = listGames(opts.table).find((g) => g.id === id);
    if (!game) throw new Error(`game ${id} was created but is not listed`);
    return game;
  };
  // a roster's worth of ships is longer than other bodies, and a club's data file is one long string
  const limits = { ...JSON_LIMITS, bodyBytes: TEXT_BYTES * 2, stringChars: TEXT_BYTES };
  app.post(
    "/api/games",
    { bodyLimit: limits.bodyBytes, config: { jsonLimits: limits }, schema: { body: NewGameBody, response: replies({ 201: CreatedGame }) } },
    async (req, reply) => {
      const table = gameTableOf(req.body);
      if (!table.ok) return refuse(table.error);
      const setup = setupOfTable(table.value, table.data);
      // the set-up came in a body: a bad ship is bad input naming the body's path (fleets[0].ships[1].rating)
      if (!setup.ok) return refuse({ ...setup.error, code: setup.error.code === "config.invalid" ? "input.invalid" : setup.error.code });
      const id = opts.table.store.createGame(gameSetupOf(setup.value), now());
      const warnings = setupWarningsOf(setup.value.ruleset, setup.value.start as Parameters<typeof setupWarningsOf>[1]);
      return reply.code(201).send({ ...created(id), warnings });
    },
  );
  // a table file brought from home (or exported from another table): a new game of its set-up, or its errors by line and key
  app.post(
    "/api/games/import",
    {
      bodyLimit: TEXT_BODY_LIMITS.bodyBytes,
      config: { jsonLimits: TEXT_BODY_LIMITS },
      // (with its set-up warnings, as a game created here: a GameSummary alone dropped them)
      schema: { body: TableFileBody, response: replies({ 201: CreatedGame }) },
    },
    async (req, reply) => {
      const setup = checkTableText(req.body.text);
      if (!setup.ok) return refuse(setup.error);
      const id = opts.table.store.createGame(gameSetupOf(setup.value), now());
      const warnings = setupWarningsOf(setup.value.ruleset, setup.value.start as Parameters<typeof setupWarningsOf>[1]);
      return reply.code(201).send({ ...created(id), warnings });
    },
  );
}
