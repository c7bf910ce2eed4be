/**
 * The club topics' payloads as the board accepts them (docs/reference/mqtt.md with the additions in docs/club.md), every
 * string, list and number bounded: a table's account can publish anything under its own topics, so nothing a
 * table says is kept or drawn before it passed these. Fields not named here are dropped.
 */
import { Type } from "@sinclair/typebox";

/** The most ships a game may have (the roster's cap): afloat and lost counts above it are refused. */
export const MAX_SHIPS = 500;
/** A game's records are numbered 1, 2, 3 …; a table that claims more than this is refused. */
export const MAX_SEQ = 1_000_000;

/** A game's club id: `g<row>-<created, base 36>` (host/store/outbox.ts `clubGameId`). */
const GameId = Type.String({ pattern: "^g[0-9]{1,15}-[0-9a-z]{1,16}$", maxLength: 40 });
const Text = (max: number) => Type.String({ maxLength: max });
/** A side's name as a rule set gives it ("English", "Dutch", "Allied" …): printable, short. */
const SIDE_PATTERN = "^[^\\u0000-\\u001f]{1,80}$";
const Side = Type.String({ pattern: SIDE_PATTERN });
const Seq = Type.Integer({ minimum: 1, maximum: MAX_SEQ });
const Ships = Type.Integer({ minimum: 0, maximum: MAX_SHIPS });
const DieValue = Type.Integer({ minimum: 0, maximum: 1000 });
const Obj = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 200 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Events = Type.Object({
  game: GameId,
  seq: Seq,
  at: Text(40),
  ruleset: Text(64),
  kind: Type.Union([Type.Literal("resolved"), Type.Literal("undone")]),
  undoes: Type.Optional(Seq),
  action: Obj,
  outcome: Obj,
  /** Each die: its value, its source, and whose slot it filled (side, rule colour, role) when the table says. */
  dice: Type.Array(
    Type.Object({
      value: DieValue,
      source: Text(120),
      side: Type.Optional(Side),
      color: Type.Optional(Text(40)),
      role: Type.Optional(Text(80)),
    }),
    { maxItems: 200 },
  ),
  summary: Text(500),
});

const State = Type.Object({
  game: GameId,
  title: Type.Optional(Nullable(Text(200))),
  ruleset: Type.Optional(Text(64)),
  scenario: Type.Optional(Nullable(Text(200))),
  turn: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
  phase: Type.Optional(Nullable(Text(80))),
  lastResult: Type.Optional(
    Type.Union([Type.Object({ summary: Text(500), dice: Type.Array(DieValue, { maxItems: 200 }), at: Text(40) }), Type.Null()]),
  ),
  sides: Type.Array(Type.Object({ side: Side, afloat: Ships, lost: Ships }), { maxItems: 16 }),
  /** The last record's seq in this game (0 before any): the board asks again for what it does not hold. */
  lastSeq: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SEQ })),
  at: Text(40),
});

const Ended = Type.Object({
  game: GameId,
  winner: Type.Union([Side, Type.Null()]),
  players: Type.Record(Type.String({ pattern: SIDE_PATTERN }), Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 8 }), {
    maxProperties: 16,
  }),
  losses: Type.Record(Type.String({ pattern: SIDE_PATTERN }), Ships, { maxProperties: 16 }),
  /** How it ended, in the text's words ("Dutch has no ship afloat.", "Ended by the organiser …"). */
  reason: Type.Optional(Text(300)),
  at: Type.Optional(Text(40)),
});

/** A game's starting point (docs/club.md): what the board folds the game's records from, with the rule set's own rules. */
const Start = Type.Object({
  game: GameId,
  ruleset: Text(64),
  title: Type.Optional(Nullable(Text(200))),
  scenario: Type.Optional(Nullable(Text(200))),
  start: Obj,
  data: Type.Optional(Type.Unknown()),
  at: Type.Optional(Text(40)),
});

export const ClubSchemas = { events: Events, state: State, ended: Ended, start: Start } as const;
