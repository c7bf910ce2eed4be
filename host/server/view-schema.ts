/**
 * The table state on the wire (`GET /api/state`, `{"type":"state"}` on `WS /api/live`) as a TypeBox schema: its
 * response schema, and the one serialiser of both (routes/live.ts), so pages get exactly what it declares and the
 * OpenAPI document shows it. The rule sets' own parts (an action's fields, an outcome, the wind state) stay open
 * objects, sent as they are: their shapes are each rule set's (docs/reference/rulesets.md); odds summaries come as
 * typed figures, a result's outcome as typed facts (src/game/outcome-fact-schema.ts). Every other object is exact
 * (view/kit.ts): test/host/server/view-schema.test.ts checks every bundled scenario's state against it, so a field the
 * view has and the schema forgot fails there instead of vanishing from the pages.
 */
import { type Static, Type } from "@sinclair/typebox";
import { DeviceSchema, NoticeSchema } from "./view/devices.ts";
import { PendingSchema } from "./view/draft.ts";
import { DiceMode, exact, Nullable, Open } from "./view/kit.ts";
import { MoveSchema, ReachSchema } from "./view/move.ts";
import { ResultSchema, ShipLogEntrySchema } from "./view/result.ts";
import { EndedSchema, ShipViewSchema, TableMapSchema } from "./view/ships.ts";

export { OutcomeFactSchema } from "../../src/game/outcome-fact-schema.ts";
export { HeadlineSchema, SummaryFigureSchema } from "./view/odds.ts";
export { ShipViewSchema, TableMapSchema };

/** The words a die may be bound to: the rule set's roles and colours (src/dice/roles.ts). */
const RuleSetDice = exact({
  roles: Type.Array(exact({ role: Type.String(), label: Type.String(), words: Type.String() })),
  colors: Type.Array(exact({ color: Type.String(), label: Type.String(), words: Type.String() })),
});

const RuleSetView = exact({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  phases: Type.Array(Type.String()),
  actions: Type.Array(
    exact({
      type: Type.String(),
      title: Type.String({ description: "The action's name for players, in its rule text's words (\"Broadside\")" }),
      description: Type.String(),
      fields: Type.Array(Open),
    }),
  ),
  dice: RuleSetDice,
});

/** The wind as players read it (src/game/types.ts `WindView`): the dial's bearing and the rule set's words. */
const WindView = exact({
  system: Type.Union(["compass8", "compass16", "hex6", "edge4"].map((k) => Type.Literal(k))),
  fromDegrees: Type.Number(),
  label: Type.String({ description: 'What players read: "wind from the W", "windward edge N", "NE, strong"' }),
  strength: Type.Optional(Type.String({ description: "Strength or speed in the rule set's words, if it has one" })),
  pending: Type.Optional(Type.String({ description: "A change announced but not yet in effect" })),
});

const Assigning = exact({
  kind: Type.Union([Type.Literal("tag"), Type.Literal("marker"), Type.Literal("die")]),
  ship: Type.Optional(Type.String()),
  binding: Type.Optional(Open),
  instruction: Type.String({
    description: "What to do now, in words: tap a ship's base, show a ship's marker to the camera, or roll the die to bind",
  }),
});

/** The whole table state (`GET /api/state`). */
export const TableViewSchema = exact(
  {
    version: Type.Integer({ minimum: 0 }),
    game: Type.Integer({ description: "The id of the game on the table" }),
    title: Type.String(),
    scenario: Nullable(Type.String()),
    display: Open,
    ruleset: RuleSetView,
    phase: exact({
      index: Type.Integer({ minimum: 0 }),
      name: Nullable(Type.String()),
      purpose: Nullable(Type.String({ description: "What the phase is for, shown while nothing is set up in it" })),
    }),
    turn: Type.Integer({ minimum: 1 }),
    aside: Nullable(exact({ type: Type.String(), title: Type.String() })),
    lastUndo: Nullable(
      exact({
        seq: Type.Integer(),
        number: Type.Optional(
          Type.Integer({
            minimum: 1,
            description: "The undone action's number in the game (#3); absent in games saved before it was kept",
          }),
        ),
        description: Type.String(),
        at: Type.Number(),
      }),
    ),
    wind: Nullable(WindView),
    windState: Type.Unknown(),
    ships: Type.Array(ShipViewSchema),
    table: Nullable(TableMapSchema),
    move: Nullable(MoveSchema),
    reach: Nullable(ReachSchema),
    focus: Nullable(exact({ ship: Nullable(Type.Omit(ShipViewSchema, ["tags"])), log: Type.Array(ShipLogEntrySchema) })),
    pending: Nullable(PendingSchema),
    followUps: Type.Array(Open),
    choice: Nullable(Open),
    last: Nullable(ResultSchema),
    history: Type.Array(
      exact({ seq: Type.Integer(), number: Type.Integer({ minimum: 1 }), at: Type.Number(), description: Type.String() }),
    ),
    players: Type.Array(exact({ side: Type.String(), mode: DiceMode })),
    bindings: Type.Array(Open),
    assigning: Nullable(Assigning),
    untagged: Type.Array(exact({ id: Type.String(), name: Type.String() })),
    devices: Type.Array(DeviceSchema),
    dial: Nullable(exact({ angle: Nullable(Type.Number()), health: DeviceSchema })),
    sim: Type.Boolean(),
    notices: Type.Array(NoticeSchema),
    ended: Nullable(EndedSchema),
    setupWarnings: Type.Array(Type.String(), {
      description:
        "What the set-up costs a side that the players may not expect (a 1666 squadron with no flagship), until the first result",
    }),
  },
  { $id: "TableView" },
);

/**
 * The table state as the pages receive it: the one wire type, read off the schema. The pages (plain JS) name it in
 * JSDoc (`@typedef {import("../server/view-schema.ts").TableView} TableView`) and `tsc -p tsconfig.pages.json`
 * checks them against it; the host's view builder is checked against it in test/host/server/view-schema.test.ts.
 */
export type TableView = Static<typeof TableViewSchema>;
/** One figure of a result, as the pages read it (`TableView["last"]["facts"]`'s items). */
export type { OutcomeFact } from "../../src/game/outcome-fact-schema.ts";
