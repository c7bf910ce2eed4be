/** TypeBox schemas of every request body, parameter and WebSocket message of the host API (docs/reference/http-api.md). */
import { Type } from "@sinclair/typebox";
import type { ErrorCode } from "../../src/error-codes.ts";
import { ERROR_CODES } from "../error-codes.ts";

const Strict = { additionalProperties: false } as const;
/** An id or name: a ship, die, side, device, reader or command. */
const Id = () => Type.String({ minLength: 1, maxLength: 100 });
/** A short word list (roles, colours). */
const Words = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 16 });

export const ActionBody = Type.Object(
  {
    action: Type.Object({ type: Id() }, { additionalProperties: true, maxProperties: 32 }),
    /** Positions (docs/reference/request-result.md): checked in full by the rules core's table schema. */
    table: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          maxProperties: 8,
          description: "the ships' positions: geometric fields the action leaves out are measured (request-result.md)",
        },
      ),
    ),
  },
  Strict,
);
export const DraftBody = Type.Object(
  { type: Type.Optional(Id()), values: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 32 })) },
  Strict,
);
export const DiceBody = Type.Object({ values: Type.Array(Type.Integer(), { minItems: 1, maxItems: 200 }) }, Strict);
export const EmptyBody = Type.Object({}, Strict);
export const TapBody = Type.Object({ ship: Id() }, Strict);
export const ChooseBody = Type.Object({ value: Type.Unknown() }, Strict);
export const PlayerBody = Type.Object(
  { mode: Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")]) },
  Strict,
);
export const BindingBody = Type.Object(
  {
    die: Id(),
    roles: Type.Optional(Words),
    colors: Type.Optional(Words),
    side: Type.Optional(Id()),
  },
  Strict,
);
export const IdParams = Type.Object({ id: Id() }, Strict);
/** `GET /api/log?page&size`: a page of the night's log, page 0 the newest. */
export const LogQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "The page, 0 the newest results" })),
    size: Type.Optional(
      Type.String({ pattern: "^([1-9]|[1-4][0-9]|50)$", description: "Results a page, 1 to 50 (default 3: a page of the display's log)" }),
    ),
  },
  Strict,
);
export const SideParams = Type.Object({ side: Id() }, Strict);
export const DieParams = Type.Object({ die: Id() }, Strict);

/** Set-up by touch: the ship whose base is tapped next. */
export const SetupTagBody = Type.Object({ ship: Id() }, Strict);
/** Set-up by showing: the ship the next ship marker the camera sees come into view goes to. */
export const SetupMarkerBody = Type.Object({ ship: Id() }, Strict);
/** Set-up by touch: the binding the next die rolled takes. */
export const SetupDieBody = Type.Object({ roles: Type.Optional(Words), colors: Type.Optional(Words), side: Type.Optional(Id()) }, Strict);
/** A device's friendly name ("" takes it away). */
export const DeviceNameBody = Type.Object({ name: Type.String({ maxLength: 40 }) }, Strict);
export const SimTapBody = Type.Object({ reader: Id(), uid: Id() }, Strict);
export const SimLiftBody = Type.Object({ reader: Id() }, Strict);
export const SimRollBody = Type.Object({ die: Id(), face: Type.Integer({ minimum: 1, maximum: 20 }) }, Strict);
export const SimDeviceBody = Type.Object({ device: Id() }, Strict);
export const SimPressBody = Type.Object({ command: Id() }, Strict);
/** docs/reference/http-api.md: a ship's model moved on the emulated table (§2 table coordinates: mm, heading clockwise from north). */
export const SimMoveBody = Type.Object(
  {
    ship: Id(),
    x: Type.Number({ minimum: -100_000, maximum: 100_000, description: "mm east of the table's corner" }),
    y: Type.Number({ minimum: -100_000, maximum: 100_000, description: "mm north of the table's corner" }),
    heading: Type.Number({ minimum: -360, maximum: 720, description: "the bow's bearing, degrees clockwise from north" }),
  },
  Strict,
);
/** docs/reference/http-api.md: the size of the demo's rendered camera frame (`/api/sim/camera-frame`). */
export const SimCameraFrameQuery = Type.Object(
  {
    width: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "Pixels across, 320 to 1920 (default 1280)" })),
    height: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "Pixels down, 240 to 1080 (default 720)" })),
  },
  Strict,
);

/** docs/reference/camera.md: one ship marker the /camera page saw settle, in table mm (§2 coordinates). */
export const MarkerSightingSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 10, maximum: 586, description: "the marker's id (AprilTag 36h11; ships from 10)" }),
    x: Type.Number({ minimum: -100_000, maximum: 100_000 }),
    y: Type.Number({ minimum: -100_000, maximum: 100_000 }),
    heading: Type.Number({ minimum: -360, maximum: 720 }),
    uncertainty: Type.Number({ minimum: 0, maximum: 10_000 }),
  },
  Strict,
);

/** Ship markers in one `camera.seen` message: 40 fit the live socket's 4 KB message limit (a bigger fleet is sent in several). */
export const MAX_CAMERA_MARKERS = 40;

/** The /camera page's report on `/api/live`: the ship markers that settled since its last. */
export const CameraSeenMessage = Type.Object(
  { type: Type.Literal("camera.seen"), markers: Type.Array(MarkerSightingSchema, { maxItems: MAX_CAMERA_MARKERS }) },
  Strict,
);

/** The /camera page on `/api/live`: ship markers that came into view (seen after a second or more out of it). */
export const CameraShownMessage = Type.Object(
  {
    type: Type.Literal("camera.shown"),
    markers: Type.Array(Type.Integer({ minimum: 10, maximum: 586 }), { minItems: 1, maxItems: MAX_CAMERA_MARKERS }),
  },
  Strict,
);

/** Messages a client may send on `/api/live`. */
export const LiveClientMessage = Type.Union([Type.Object({ type: Type.Literal("ping") }, Strict), CameraSeenMessage, CameraShownMessage]);

/** Messages the host sends on `/api/live`: the whole state on every change, then what happened; the display's preferences. */
export const LiveServerMessage = Type.Union([
  Type.Object({ type: Type.Literal("state"), state: Type.Object({ version: Type.Number() }, { additionalProperties: true }) }, Strict),
  Type.Object({ type: Type.Literal("event"), event: Type.Object({ type: Type.String() }, { additionalProperties: true }) }, Strict),
  Type.Object({ type: Type.Literal("pong") }, Strict),
  Type.Object(
    { type: Type.Literal("camera.reported"), reported: Type.Integer({ minimum: 0 }), unknown: Type.Array(Type.Integer()) },
    Strict,
  ),
  Type.Object(
    {
      type: Type.Literal("display"),
      display: Type.Object(
        { scale: Type.Number(), speech: Type.Boolean(), log: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) },
        Strict,
      ),
    },
    Strict,
  ),
  Type.Object(
    { type: Type.Literal("error"), error: Type.Object({ code: Type.String(), message: Type.String(), path: Type.String() }, Strict) },
    Strict,
  ),
]);

/**
 * The contract's error JSON (docs/reference/errors.md): a catalogued code, a sentence a player understands, and where
 * the problem is (and, for a roster or a data file, each bad row or the line and key). The serialiser writes only
 * these fields. Every route of the table and of the club board declares it for its 4xx and 5xx replies by reference
 * (`ERROR_REPLIES` in typed-routes.ts), so the OpenAPI document holds it once.
 */
export const ErrorReply = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.Unsafe<ErrorCode>(Type.String({ enum: Object.keys(ERROR_CODES), description: "A stable code (errors.md)" })),
        message: Type.String({ description: "What is wrong, in a sentence a player understands" }),
        path: Type.String({ description: "Where: the field (`values[0]`), header or address at fault; empty when none" }),
        // a refused roster names every bad row; a refused data file its line and key (setup-files.ts)
        errors: Type.Optional(
          Type.Array(
            Type.Object({ line: Type.Union([Type.Integer(), Type.Null()]), field: Type.String(), message: Type.String() }, Strict),
            { description: "roster.invalid: every bad row, by line and field" },
          ),
        ),
        line: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: "A data file's error: its line, when known" })),
        key: Type.Optional(Type.String({ description: "A data file's error: the key at fault" })),
      },
      Strict,
    ),
  },
  { ...Strict, $id: "ErrorReply", description: "Refused: the contract's error (errors.md)" },
);
