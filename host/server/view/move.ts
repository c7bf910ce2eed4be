/**
 * The movement phase's parts of the table state (issue 43; `move` and `reach` of `GET /api/state`): the move under way
 * as the rules judge it (distance, unit, turns, path, allowance, legal, why, contacts, in words) and where the ship whose move is set up may end it, a polygon in table mm the maps draw.
 */
import { Type } from "@sinclair/typebox";

const Pose = Type.Object({ x: Type.Number(), y: Type.Number(), heading: Type.Number() }, { additionalProperties: true });

/** The move under way as the rules judge it. */
export const MoveSchema = Type.Object(
  {
    ship: Type.String(),
    distance: Type.Number({ description: "Moved along the path the text allows, in `unit`" }),
    unit: Type.String({ description: "in, cm, mm or hex" }),
    turns: Type.Array(Type.Number(), { description: "Degrees each turn, + to starboard, in order" }),
    path: Type.Array(Pose, { description: "Start, each turning point, end (table mm, degrees)" }),
    allowance: Type.Number({ description: "Her allowance this move, in `unit`" }),
    legal: Type.Boolean(),
    why: Type.Optional(Type.String({ description: "Why the rules forbid it, with its figures: what to fix" })),
    contacts: Type.Array(Type.Object({ ship: Type.String(), kind: Type.String() }, { additionalProperties: true })),
    words: Type.String({ description: "Royal James moved 6.4″ of her 7″, one turn to starboard" }),
  },
  { additionalProperties: true },
);

/** Where the ship whose move is set up may end it. */
export const ReachSchema = Type.Object(
  {
    ship: Type.String(),
    polygons: Type.Array(Type.Array(Type.Tuple([Type.Number(), Type.Number()])), {
      description: "Pieces whose union is the area, each table mm, anticlockwise (two points: a line)",
    }),
  },
  { additionalProperties: false },
);
