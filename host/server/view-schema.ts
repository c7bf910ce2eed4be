/**
 * The table state on the wire (`GET /api/state`, `{"type":"state"}` on `WS /api/live`) as a TypeBox schema, so
 * pages render what they are told and the OpenAPI document shows it. The rule sets' own parts (an action's fields,
 * an outcome, the wind state) stay open objects: their shapes are each rule set's (docs/reference/rulesets.md); odds summaries come
 * as typed figures (`{label, kind: probability|mean|count, value}`).
 * Checked against every bundled scenario's state in test/host/server/view-schema.test.ts; it documents, it does not
 * serialise (the route sends the view as built).
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";

import { MoveSchema, ReachSchema } from "./view-schema-move.ts";

const Open = Type.Record(Type.String(), Type.Unknown());
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Probability = Type.Number({ minimum: 0, maximum: 1 });

const Severity = Type.Union(["fine", "worn", "damaged", "danger", "out"].map((s) => Type.Literal(s)));

const Track = Type.Object({ label: Type.String(), boxes: Type.Integer({ minimum: 0 }), marked: Type.Integer({ minimum: 0 }) });

/** A ship drawn like its paper log: status words each with the rule set's severity, boxes, facts, its tags. */
export const ShipViewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  side: Type.String(),
  status: Type.Array(Type.String()),
  severity: Type.Array(Severity, { description: "How bad each status word is, same order as status" }),
  tracks: Type.Array(Track),
  facts: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  tags: Type.Array(Type.String(), { description: "The NFC tag UIDs on the ship's base" }),
});

const HeadlineItem = Type.Object({ label: Type.String(), p: Probability });

/** docs/reference/request-result.md `headline`: what a player is shown before the roll, in the rule set's words. */
export const HeadlineSchema = Type.Object({
  title: Type.String(),
  bars: Type.Array(HeadlineItem),
  facts: Type.Array(HeadlineItem),
  mostLikely: Type.String(),
  standing: Type.Union([Type.Literal("likeliest"), Type.Literal("even"), Type.Literal("certain")], {
    description: "The most likely result stands alone, tied with others (even), or is the only one (certain)",
  }),
});

/** One figure of an odds summary, typed by the rule set (src/odds/figures.ts): a page shows each as what it is. */
const figure = <K extends string, V extends TSchema>(kind: K, value: V) =>
  Type.Object(
    {
      label: Type.String(),
      kind: Type.Literal(kind),
      value,
      unit: Type.Optional(Type.String({ description: "what it counts: hits, dice, turns" })),
    },
    { additionalProperties: false },
  );
export const SummaryFigureSchema = Type.Union([
  figure("probability", Probability),
  figure("mean", Type.Number()),
  figure("count", Type.Integer({ minimum: 0 })),
]);

const Entry = Type.Object({ entry: Type.String(), meaning: Type.String() });
const fact = <K extends string, V extends TSchema>(kind: K, value: V, unit = false) =>
  Type.Object(
    { label: Type.String(), kind: Type.Literal(kind), value, ...(unit ? { unit: Type.Optional(Type.String()) } : {}) },
    { additionalProperties: false },
  );

/**
 * One figure of a result, typed by the action's outcome schema (src/game/outcome.ts, outcome-facts.ts): a page writes
 * each by its kind, in the players' words it carries (a count with its noun, a change before → after, a table entry
 * with its meaning, a row of facts per ship).
 */
export const OutcomeFactSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      fact("count", Type.Integer(), true),
      fact("number", Type.Number(), true),
      fact("die", Type.Union([Type.Integer(), Type.Array(Type.Integer())])),
      fact("target", Type.Integer()),
      fact("limit", Type.Integer()),
      fact("modifier", Type.Number()),
      fact("flag", Type.Boolean()),
      fact("word", Type.String()),
      fact("ship", Type.String()),
      fact("change", Type.Object({ before: Type.String(), after: Type.String() })),
      fact("entry", Entry),
      fact("list", Type.Array(Type.String())),
      fact("entries", Type.Array(Entry)),
      fact("rows", Type.Array(Type.Object({ label: Type.String(), facts: Type.Array(Self) }))),
    ]),
  { $id: "OutcomeFact" },
);

const PlanEntry = Type.Object({
  role: Type.String(),
  die: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  color: Nullable(Type.String()),
  purpose: Type.String(),
  /** The side whose dice these are, in a roll several sides make. */
  side: Type.Optional(Type.String()),
});

/** A die's label (host/session/dice-gather.ts): whose slot it filled and where it came from. */
const DieLabel = Type.Object({
  side: Type.Optional(Type.String()),
  color: Type.Optional(Type.String()),
  role: Type.String(),
  source: Type.String({ description: 'The die\'s name, "typed" or "host roll"' }),
  whose: Type.String({ description: "The side, else the colour, else the role where the roll has several; empty for one" }),
  text: Type.String(),
  reads: Type.Optional(Type.Literal("total", { description: "The rule reads the slot's dice by their sum: shown as a total" })),
});

const PlacedDie = Type.Object(
  { entry: Type.Integer({ minimum: 0 }), value: Type.Integer(), from: Open, label: DieLabel },
  { additionalProperties: true },
);

const Words = Type.Object({ value: Type.Unknown(), words: Type.String() });
const Point = Type.Object({ x: Type.Number(), y: Type.Number() });

/** The draft's geometry measured from the ships' positions (docs/reference/request-result.md `measured`), as the pages show it. */
const Measured = Type.Object(
  {
    fields: Type.Array(
      Type.Object({ name: Type.String(), label: Type.String(), value: Type.Unknown(), words: Type.String(), figure: Type.String() }),
    ),
    overridden: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), given: Type.String(), measured: Type.String() })),
    borderline: Type.Array(
      Type.Object({
        field: Type.String(),
        label: Type.String(),
        readings: Type.Array(Words, { description: "The reading taken, then the one on the other side of the threshold" }),
        edge: Type.String(),
        sentence: Type.String(),
      }),
    ),
    refusal: Nullable(Type.String({ description: "The geometry forbids the action: why, with the measured figure" })),
    asked: Nullable(Type.String({ description: "Why the figures are asked instead of measured (a ship's position unknown or stale)" })),
    line: Nullable(Type.Object({ from: Point, to: Point, hits: Type.Boolean() })),
    rings: Type.Array(Type.Object({ label: Type.String(), radius: Type.Number({ description: "mm, base to base" }) })),
    label: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const Pending = Type.Object({
  type: Type.String(),
  description: Type.String(),
  fields: Type.Array(Open),
  action: Open,
  origin: Type.String(),
  purpose: Nullable(Type.String()),
  missing: Type.Array(Type.String()),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String(), path: Type.String() })),
  plan: Nullable(Type.Array(PlanEntry)),
  odds: Nullable(
    Type.Object({
      outcomes: Type.Array(Type.Object({ outcome: Open, p: Probability })),
      truncated: Type.Boolean(),
      summary: Type.Array(SummaryFigureSchema, {
        description: "The rule set's odds summary as typed figures (the CLI's odds keep the rule set's own summary object)",
      }),
      headline: Type.Optional(HeadlineSchema),
    }),
  ),
  instruction: Type.String(),
  outsidePhase: Nullable(
    Type.String({
      description:
        'The action is played in another phase by its rule text: a note for the players ("Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent."); null in its phase, for a roll the rules demand, or an action of no phase',
    }),
  ),
  measured: Nullable(Measured),
  choosing: Nullable(
    Type.Object(
      {
        name: Type.String(),
        label: Type.String(),
        value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
        words: Type.String({ description: "The value as players read it (yes/no for booleans; empty when none yet)" }),
        held: Type.Boolean({ description: "The pad is cycling this field: Confirm keeps the value shown" }),
      },
      { description: "The choice the button pad's next-choice is on (a battery, a range band), or null" },
    ),
  ),
  roller: Nullable(Type.String()),
  mode: Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")]),
  dice: Type.Array(PlacedDie),
  needed: Nullable(Type.Integer({ minimum: 0 })),
  ready: Type.Boolean(),
});

const Device = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union(["die", "reader", "pad", "dial", "adapter", "positions"].map((k) => Type.Literal(k))),
    family: Type.String(),
    connected: Type.Boolean(),
    status: Type.String(),
    emulated: Type.Boolean(),
    name: Type.Optional(
      Type.String({
        description: "The name players read: a person's, else the table file's, else its family and number (\"Pixels die 5\")",
      }),
    ),
    color: Type.Optional(Type.String({ description: "A die's own colour" })),
    commands: Type.Optional(Type.Array(Type.String(), { description: "A button pad's buttons, by the command each sends" })),
  },
  { additionalProperties: true },
);

/** A ship's base on the map: where it was last seen (docs/reference/request-result.md table coordinates, mm), its size and how sure. */
const MapShip = Type.Object(
  {
    id: Type.String(),
    x: Type.Number(),
    y: Type.Number(),
    heading: Type.Number({ minimum: 0, maximum: 360, description: "The bow's bearing, degrees clockwise from north" }),
    width: Type.Number({ minimum: 0, description: "The base's width (mm)" }),
    length: Type.Number({ minimum: 0, description: "The base's length along the heading (mm)" }),
    uncertainty: Type.Number({ minimum: 0, description: "How far off the position may be (mm)" }),
    at: Type.Number({ description: "When it was seen (ms since the epoch)" }),
    source: Type.String({ description: "What saw it (camera, the emulated table)" }),
    stale: Type.Boolean({ description: "The sighting no longer holds: the ship may have moved unseen" }),
  },
  { additionalProperties: false },
);

/** The table as the map draws it. */
export const TableMapSchema = Type.Object(
  {
    width: Type.Number({ description: "The playing area east–west (mm)" }),
    height: Type.Number({ description: "The playing area south–north (mm)" }),
    hexGrid: Nullable(
      Type.Object(
        {
          size: Type.Number({ description: "mm across the flats" }),
          origin: Type.Object({ x: Type.Number(), y: Type.Number() }, { description: "The centre of hex (0, 0)" }),
          orientation: Type.Union([Type.Literal("flat"), Type.Literal("pointy")]),
        },
        { additionalProperties: false },
      ),
    ),
    defaultBase: Type.Object(
      { width: Type.Number({ minimum: 0 }), length: Type.Number({ minimum: 0 }) },
      { additionalProperties: false, description: "The base (mm) of a ship whose roster gives none: the rule set's documented default" },
    ),
    ships: Type.Array(MapShip),
  },
  { additionalProperties: false },
);

/** The whole table state (`GET /api/state`). */
export const TableViewSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    game: Type.Integer({ description: "The id of the game on the table" }),
    title: Type.String(),
    scenario: Nullable(Type.String()),
    display: Open,
    ruleset: Type.Object({
      id: Type.String(),
      title: Type.String(),
      description: Type.String(),
      phases: Type.Array(Type.String()),
      actions: Type.Array(
        Type.Object({
          type: Type.String(),
          title: Type.String({ description: "The action's name for players, in its rule text's words (\"Broadside\")" }),
          description: Type.String(),
          fields: Type.Array(Open),
        }),
      ),
    }),
    phase: Type.Object({
      index: Type.Integer({ minimum: 0 }),
      name: Nullable(Type.String()),
      purpose: Nullable(Type.String({ description: "What the phase is for, shown while nothing is set up in it" })),
    }),
    turn: Type.Integer({ minimum: 1 }),
    aside: Nullable(Type.Object({ type: Type.String(), title: Type.String() })),
    lastUndo: Nullable(
      Type.Object({
        seq: Type.Integer(),
        number: Type.Integer({ minimum: 1, description: "The undone action's number in the game (#3)" }),
        description: Type.String(),
        at: Type.Number(),
      }),
    ),
    wind: Nullable(Open),
    windState: Type.Unknown(),
    ships: Type.Array(ShipViewSchema),
    table: Nullable(TableMapSchema),
    move: Nullable(MoveSchema),
    reach: Nullable(ReachSchema),
    focus: Nullable(Type.Object({ ship: Nullable(Type.Omit(ShipViewSchema, ["tags"])), log: Type.Array(Open) })),
    pending: Nullable(Pending),
    followUps: Type.Array(Open),
    choice: Nullable(Open),
    last: Nullable(
      Type.Object({
        seq: Type.Integer(),
        number: Type.Integer({ minimum: 1 }),
        at: Type.Number(),
        description: Type.String({ description: "The rule set's sentence for the result" }),
        action: Open,
        outcome: Open,
        facts: Type.Array(OutcomeFactSchema, { description: "The outcome as the rule set's typed facts, in the players' words" }),
        plan: Type.Array(PlanEntry),
        dice: Type.Array(PlacedDie, { description: "Each die of the result with its label: whose slot it filled and its source" }),
        events: Type.Array(Open),
      }),
    ),
    history: Type.Array(Type.Object({ seq: Type.Integer(), at: Type.Number(), description: Type.String() })),
    players: Type.Array(
      Type.Object({
        side: Type.String(),
        mode: Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")]),
      }),
    ),
    bindings: Type.Array(Open),
    assigning: Nullable(
      Type.Object({
        kind: Type.Union([Type.Literal("tag"), Type.Literal("marker"), Type.Literal("die")]),
        ship: Type.Optional(Type.String()),
        binding: Type.Optional(Open),
        instruction: Type.String({
          description: "What to do now, in words: tap a ship's base, show a ship's marker to the camera, or roll the die to bind",
        }),
      }),
    ),
    untagged: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    devices: Type.Array(Device),
    dial: Nullable(Open),
    sim: Type.Boolean(),
    notices: Type.Array(
      Type.Object({
        at: Type.Number(),
        level: Type.Union([Type.Literal("info"), Type.Literal("warn")]),
        text: Type.String(),
        device: Type.Optional(
          Type.String({ description: "The device a notice concerns: its trouble stays on the display until it is back" }),
        ),
        refused: Type.Optional(
          Type.Object(
            { dice: Type.Array(Type.String()), why: Type.String() },
            { description: "Dice not counted for one reason: each die's name and face, and why (one notice for them all)" },
          ),
        ),
      }),
    ),
    ended: Nullable(
      Type.Object(
        {
          by: Type.Union([Type.Literal("rules"), Type.Literal("organiser")], { description: "The rules' own end, or the organiser's End" }),
          winner: Nullable(Type.String()),
          reason: Type.String({ description: "How it ended, in the text's words" }),
          headline: Type.String({ description: '"Game over — English win"' }),
          at: Nullable(Type.Number()),
          sides: Type.Array(
            Type.Object({
              side: Type.String(),
              ships: Type.Integer(),
              afloat: Type.Integer(),
              out: Type.Record(Type.String(), Type.Integer()),
              lost: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), status: Type.Array(Type.String()) })),
            }),
          ),
        },
        { description: "The game is over: how, and each side's ships (each counted once)" },
      ),
    ),
    setupWarnings: Type.Array(Type.String(), {
      description:
        "What the set-up costs a side that the players may not expect (a 1666 squadron with no flagship), until the first result",
    }),
  },
  { $id: "TableView", additionalProperties: false },
);

/**
 * The table state as the pages receive it: the one wire type, read off the schema. The pages (plain JS) name it in
 * JSDoc (`@typedef {import("../server/view-schema.ts").TableView} TableView`) and `tsc -p tsconfig.pages.json`
 * checks them against it; the host's view builder is checked against it in test/host/server/view-schema.test.ts.
 */
export type TableView = Static<typeof TableViewSchema>;
