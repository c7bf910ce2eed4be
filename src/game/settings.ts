/** A rule set's settings: the schema made from its {@link SettingDef} list, parsing with defaults, typed reads. */
import { type Static, type TObject, type TSchema, Type } from "@sinclair/typebox";
import { fail, ok, type Result } from "../result.ts";
import { literals, parseWith } from "./schema.ts";
import type { SettingDef, Settings } from "./types.ts";

/** Bounds of a numeric setting (a {@link SettingDef} carries none, and its JSON shape is public). */
export interface SettingLimits {
  readonly integer?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
}

/** The settings object schema: one field a definition with its default; unknown settings are errors. */
export function settingsSchema(defs: readonly SettingDef[], limits: Readonly<Record<string, SettingLimits>> = {}): TObject {
  const fieldOf = (d: SettingDef): TSchema => {
    if (d.values) return literals(d.values, { default: d.default as string });
    if (typeof d.default === "boolean") return Type.Boolean({ default: d.default });
    if (typeof d.default === "string") return Type.String({ default: d.default });
    const { integer, ...bounds } = limits[d.name] ?? {};
    return integer ? Type.Integer({ ...bounds, default: d.default }) : Type.Number({ ...bounds, default: d.default });
  };
  return Type.Object(Object.fromEntries(defs.map((d) => [d.name, fieldOf(d)])), { additionalProperties: false, default: {} });
}

/** Validates a request's `settings` against the definitions and fills defaults; errors name `settings.<name>`. */
export function parseSettings(
  defs: readonly SettingDef[],
  raw: unknown,
  limits: Readonly<Record<string, SettingLimits>> = {},
): Result<Settings> {
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    return fail("input.invalid", "settings must be an object of named settings.", "settings");
  }
  return parseWith(settingsSchema(defs, limits), raw, "settings") as Result<Settings>;
}

/** A setting's value, typed by the caller (settings were validated by {@link parseSettings}). */
export const setting = <T extends boolean | number | string>(settings: Readonly<Record<string, unknown>>, name: string): T =>
  settings[name] as T;

/** Parses a request's wind and game against the rule set's schemas (defaults filled) and its settings. */
export function parseWindGameSettings<W extends TSchema, G extends TSchema>(
  raw: { wind?: unknown; game?: unknown; settings?: unknown },
  schemas: { wind: W; game: G; settings: readonly SettingDef[]; limits?: Readonly<Record<string, SettingLimits>> },
): Result<{ wind: Static<W>; game: Static<G>; settings: Settings }> {
  const wind = parseWith(schemas.wind, raw.wind, "wind");
  if (!wind.ok) return wind;
  const game = parseWith(schemas.game, raw.game, "game");
  if (!game.ok) return game;
  const settings = parseSettings(schemas.settings, raw.settings, schemas.limits);
  if (!settings.ok) return settings;
  return ok({ wind: wind.value, game: game.value, settings: settings.value });
}
