/** The ships in the table state: each as its paper log is drawn, and where the map draws its base. */
import { Type } from "@sinclair/typebox";
import { exact, Nullable } from "./kit.ts";

const Severity = Type.Union(["fine", "worn", "damaged", "danger", "out"].map((s) => Type.Literal(s)));

const Track = exact({ label: Type.String(), boxes: Type.Integer({ minimum: 0 }), marked: Type.Integer({ minimum: 0 }) });

/** A ship drawn like its paper log: status words each with the rule set's severity, boxes, facts, its tags. */
export const ShipViewSchema = exact({
  id: Type.String(),
  name: Type.String(),
  side: Type.String(),
  status: Type.Array(Type.String()),
  severity: Type.Array(Severity, { description: "How bad each status word is, same order as status" }),
  tracks: Type.Array(Track),
  facts: Type.Array(exact({ label: Type.String(), value: Type.String() })),
  tags: Type.Array(Type.String(), { description: "The NFC tag UIDs on the ship's base" }),
});

/** A ship's base on the map: where it was last seen (docs/reference/request-result.md table coordinates, mm), its size and how sure. */
const MapShip = exact({
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
});

/** The table as the map draws it. */
export const TableMapSchema = exact({
  width: Type.Number({ description: "The playing area east–west (mm)" }),
  height: Type.Number({ description: "The playing area south–north (mm)" }),
  hexGrid: Nullable(
    exact({
      size: Type.Number({ description: "mm across the flats" }),
      origin: exact({ x: Type.Number(), y: Type.Number() }, { description: "The centre of hex (0, 0)" }),
      orientation: Type.Union([Type.Literal("flat"), Type.Literal("pointy")]),
    }),
  ),
  defaultBase: exact(
    { width: Type.Number({ minimum: 0 }), length: Type.Number({ minimum: 0 }) },
    { description: "The base (mm) of a ship whose roster gives none: the rule set's documented default" },
  ),
  ships: Type.Array(MapShip),
});

/** The game is over: how, and each side's ships (each counted once). */
export const EndedSchema = exact(
  {
    by: Type.Union([Type.Literal("rules"), Type.Literal("organiser")], { description: "The rules' own end, or the organiser's End" }),
    winner: Nullable(Type.String()),
    reason: Type.String({ description: "How it ended, in the text's words" }),
    headline: Type.String({ description: '"Game over — English win"' }),
    at: Nullable(Type.Number()),
    sides: Type.Array(
      exact({
        side: Type.String(),
        ships: Type.Integer(),
        afloat: Type.Integer(),
        out: Type.Record(Type.String(), Type.Integer()),
        lost: Type.Array(exact({ id: Type.String(), name: Type.String(), status: Type.Array(Type.String()) })),
      }),
    ),
  },
  { description: "The game is over: how, and each side's ships (each counted once)" },
);
