/**
 * Configuration of the servo wind dial (the `dial` entry of the table configuration, docs/reference/table-file.md).
 */
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Result } from "../../src/result.ts";

const Angle = Type.Number({ minimum: 0, maximum: 360 });

/** How a wind direction becomes a servo angle. See docs/wind-dial.md for worked examples. */
export const DialMapSchema = Type.Object(
  {
    /** Servo angle (degrees) at which the pointer shows north / hexside 0 / the north table edge. */
    offset: Type.Number({ minimum: -360, maximum: 360, default: 0 }),
    /** Servo degrees per degree of pointer turn: 0.5 = a 180° servo geared 1:2 to a full-turn pointer. */
    gearRatio: Type.Number({ exclusiveMinimum: 0, maximum: 4, default: 0.5 }),
    /** The servo turns the pointer anticlockwise (mounted upside down or through an odd gear train). */
    reversed: Type.Boolean({ default: false }),
    /** The servo's mechanical limits; computed angles are clamped into them. */
    minAngle: Type.Number({ minimum: 0, maximum: 360, default: 0 }),
    maxAngle: Type.Number({ minimum: 0, maximum: 360, default: 180 }),
    /** Explicit servo angles per position, overriding offset/gear for that system (index 0 = north/hexside 0). */
    points: Type.Optional(
      Type.Object(
        {
          compass8: Type.Optional(Type.Array(Angle, { minItems: 8, maxItems: 8 })),
          compass16: Type.Optional(Type.Array(Angle, { minItems: 16, maxItems: 16 })),
          hex6: Type.Optional(Type.Array(Angle, { minItems: 6, maxItems: 6 })),
          edge4: Type.Optional(Type.Array(Angle, { minItems: 4, maxItems: 4 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The dial: where it is plugged in, which pin the servo is on, and how directions map to angles. */
export const DialConfigSchema = Type.Object(
  {
    /** Serial port of the Firmata board, e.g. `/dev/serial/by-id/usb-Arduino…-if00` or `/dev/ttyACM0`. */
    port: Type.String({ minLength: 1 }),
    /** Firmata's baud rate; StandardFirmata and the quarterdeck bridge use 57600. */
    baudRate: Type.Integer({ minimum: 300, maximum: 2_000_000, default: 57600 }),
    /** Arduino pin number of the servo signal wire. */
    pin: Type.Integer({ minimum: 2, maximum: 19, default: 9 }),
    /** Pulse widths (µs) at the ends of the servo's degree range; sent to the board as SERVO_CONFIG. */
    pwmRange: Type.Tuple([Type.Integer({ minimum: 400, maximum: 3000 }), Type.Integer({ minimum: 400, maximum: 3000 })], {
      default: [600, 2400],
    }),
    /** Degrees the servo covers between the two pulse widths. */
    degreeRange: Type.Tuple([Type.Number({ minimum: 0 }), Type.Number({ maximum: 360 })], { default: [0, 180] }),
    /** Smooth moves: pointer speed in servo degrees per second (0 = jump). */
    degreesPerSecond: Type.Number({ minimum: 0, maximum: 10_000, default: 90 }),
    /** First retry after a lost connection (ms); doubles up to `reconnectMaxMs`. */
    reconnectMs: Type.Integer({ minimum: 10, maximum: 60_000, default: 1000 }),
    reconnectMaxMs: Type.Integer({ minimum: 10, maximum: 600_000, default: 30_000 }),
    map: DialMapSchema,
    /**
     * The board runs the quarterdeck bridge firmware with this many PN532 readers (1–4; `bridge:0` …), which
     * share this serial line. Absent on a StandardFirmata board. See docs/firmware-bridge.md.
     */
    bridgeReaders: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  },
  { additionalProperties: false },
);

export type DialMap = Static<typeof DialMapSchema>;
export type DialConfig = Static<typeof DialConfigSchema>;

/** The defaults of every optional setting (port excluded). */
export function defaultDialConfig(port: string): DialConfig {
  return Value.Default(DialConfigSchema, { port, map: {} }) as DialConfig;
}

/** Merges a partial configuration over the defaults; nested `map` settings merge too. */
export function withDialDefaults(partial: Partial<DialConfig> & { port: string }): DialConfig {
  const base = defaultDialConfig(partial.port);
  return { ...base, ...partial, map: { ...base.map, ...(partial.map ?? {}) } };
}

/**
 * Checks a configuration value (e.g. parsed YAML). Returns the config with defaults applied, or the list of
 * problems, each naming the key (`/dial/map/gearRatio must be > 0`).
 */
export function parseDialConfig(value: unknown, where = "dial"): Result<DialConfig, readonly string[]> {
  const clone: unknown = Value.Clone(value);
  // `map` may be left out (every setting in it has a default); TypeBox fills defaults only inside objects that exist
  if (typeof clone === "object" && clone !== null && !Array.isArray(clone) && !("map" in clone)) Object.assign(clone, { map: {} });
  const withDefaults = Value.Default(DialConfigSchema, clone);
  const errors = [...Value.Errors(DialConfigSchema, withDefaults)].map((e) => `${where}${e.path}: ${e.message}`);
  if (errors.length > 0) return { ok: false, error: errors };
  const config = withDefaults as DialConfig;
  if (config.map.minAngle > config.map.maxAngle) return { ok: false, error: [`${where}/map: minAngle is above maxAngle`] };
  return { ok: true, value: config };
}
