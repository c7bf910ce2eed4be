/** TypeBox schemas of every request body, parameter and WebSocket message of the host API (CONTRACT §4). */
import { Type } from "@sinclair/typebox";

const Strict = { additionalProperties: false } as const;

export const ActionBody = Type.Object(
  { action: Type.Object({ type: Type.String({ minLength: 1 }) }, { additionalProperties: true }) },
  Strict,
);
export const DraftBody = Type.Object(
  { type: Type.Optional(Type.String({ minLength: 1 })), values: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
  Strict,
);
export const DiceBody = Type.Object({ values: Type.Array(Type.Integer(), { minItems: 1, maxItems: 200 }) }, Strict);
export const EmptyBody = Type.Optional(Type.Object({}, Strict));
export const TapBody = Type.Object({ ship: Type.String({ minLength: 1 }) }, Strict);
export const ChooseBody = Type.Object({ value: Type.Unknown() }, Strict);
export const PlayerBody = Type.Object(
  { mode: Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")]) },
  Strict,
);
export const BindingBody = Type.Object(
  {
    die: Type.String({ minLength: 1 }),
    roles: Type.Optional(Type.Array(Type.String())),
    colors: Type.Optional(Type.Array(Type.String())),
    side: Type.Optional(Type.String()),
  },
  Strict,
);
export const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) }, Strict);
export const SideParams = Type.Object({ side: Type.String({ minLength: 1 }) }, Strict);

export const SimTapBody = Type.Object({ reader: Type.String({ minLength: 1 }), uid: Type.String({ minLength: 1 }) }, Strict);
export const SimLiftBody = Type.Object({ reader: Type.String({ minLength: 1 }) }, Strict);
export const SimRollBody = Type.Object({ die: Type.String({ minLength: 1 }), face: Type.Integer({ minimum: 1, maximum: 20 }) }, Strict);
export const SimDeviceBody = Type.Object({ device: Type.String({ minLength: 1 }) }, Strict);
export const SimPressBody = Type.Object({ command: Type.String({ minLength: 1 }) }, Strict);

/** Messages a client may send on `/api/live`. */
export const LiveClientMessage = Type.Union([Type.Object({ type: Type.Literal("ping") }, Strict)]);

/** Messages the host sends on `/api/live`: the whole state on every change, then what happened. */
export const LiveServerMessage = Type.Union([
  Type.Object({ type: Type.Literal("state"), state: Type.Object({ version: Type.Number() }, { additionalProperties: true }) }, Strict),
  Type.Object({ type: Type.Literal("event"), event: Type.Object({ type: Type.String() }, { additionalProperties: true }) }, Strict),
  Type.Object({ type: Type.Literal("pong") }, Strict),
  Type.Object(
    { type: Type.Literal("error"), error: Type.Object({ code: Type.String(), message: Type.String(), path: Type.String() }, Strict) },
    Strict,
  ),
]);

/** The contract's error JSON. */
export const ErrorReply = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.Object({ code: Type.String(), message: Type.String(), path: Type.String() }, Strict),
  },
  Strict,
);
