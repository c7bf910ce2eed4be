/**
 * The club board's replies as its routes declare them (host/club/server.ts), typed by the same TypeBox type provider as
 * the table's routes: `GET /api/club/tables`, `GET /api/club/board` (the tiles, also the live socket's `board`) and
 * `GET /api/club/league`; and the live socket's board message, written by the same kind of serialiser. Each object is
 * exact: the serialiser writes what is declared here and nothing else.
 */
import { Type } from "@sinclair/typebox";

const Exact = { additionalProperties: false } as const;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });

/** One table in `GET /api/club/tables` (docs/reference/mqtt.md). */
export const TableSummary = Type.Object(
  {
    table: Text,
    club: Text,
    game: Nullable(Text),
    ruleset: Nullable(Text),
    records: Count,
    lastSeq: Count,
    online: Type.Boolean(),
    updatedAt: Type.String({ description: "ISO 8601" }),
  },
  Exact,
);

/** A side's ships as the table last said. */
const SideCount = Type.Object({ side: Text, afloat: Count, lost: Count }, Exact);

/** One tile of the board: the table's latest state and the last result the board holds of its game without a gap. */
export const Tile = Type.Object(
  {
    table: Text,
    club: Text,
    online: Type.Boolean(),
    game: Nullable(Text),
    title: Nullable(Text),
    ruleset: Nullable(Text),
    scenario: Nullable(Text),
    turn: Nullable(Type.Integer()),
    phase: Nullable(Text),
    sides: Type.Array(SideCount),
    last: Nullable(
      Type.Object(
        {
          seq: Count,
          kind: Type.Union([Type.Literal("resolved"), Type.Literal("undone")]),
          summary: Text,
          dice: Type.Array(Type.Integer()),
          at: Text,
        },
        Exact,
      ),
    ),
    records: Count,
    lastSeq: Count,
    updatedAt: Type.Number({ description: "Milliseconds since 1970" }),
    refused: Count,
    refusedWhy: Nullable(Text),
    reading: Nullable(
      Type.Object(
        {
          status: Type.Union([Type.Literal("following"), Type.Literal("refused"), Type.Literal("no-start")]),
          held: Count,
          refusedSeq: Type.Optional(Count),
          why: Type.Optional(Text),
        },
        Exact,
      ),
    ),
  },
  Exact,
);

/** `GET /api/club/board`: the tiles, and whether the board's broker is connected. */
export const BoardReply = Type.Object({ tiles: Type.Array(Tile), broker: Type.Boolean() }, Exact);

/** `WS /api/club/live`'s one message: the board, on connect and on every change. */
export const BoardMessage = Type.Object({ type: Type.Literal("board"), tiles: BoardReply.properties.tiles, broker: Type.Boolean() }, Exact);

const Standing = Type.Object({ name: Text, played: Count, won: Count, lost: Count, drawn: Count, shipsNet: Type.Integer() }, Exact);

/** `GET /api/club/league`: standings by player and side, the games counted, and the reported ends not counted. */
export const LeagueReply = Type.Object(
  {
    players: Type.Array(Standing),
    sides: Type.Array(Standing),
    games: Type.Array(
      Type.Object(
        {
          table: Text,
          club: Text,
          game: Text,
          winner: Nullable(Text),
          players: Type.Record(Text, Type.Array(Text)),
          losses: Type.Record(Text, Count),
          at: Type.String({ description: "ISO 8601" }),
        },
        Exact,
      ),
    ),
    unsettled: Type.Array(
      Type.Object({ club: Text, table: Text, game: Text, winner: Nullable(Text), verdict: Text, why: Nullable(Text) }, Exact),
    ),
  },
  Exact,
);
