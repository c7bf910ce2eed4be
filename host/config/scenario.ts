/**
 * Bundled scenarios (`host/scenarios/*.yaml`): a rule set, two fleets with tag UIDs, the wind and the game
 * state to start from. `--scenario NAME` picks one; the default is the first scenario of the first rule set.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Static, Type } from "@sinclair/typebox";
import { DeviceNamesSchema, FleetSchema } from "./schema.ts";
import { TableLayoutSchema } from "./table-layout.ts";

export const ScenarioSchema = Type.Object(
  {
    ruleset: Type.String({ minLength: 1 }),
    title: Type.String({ minLength: 1 }),
    description: Type.String({ default: "" }),
    fleets: Type.Array(FleetSchema, { minItems: 1 }),
    wind: Type.Optional(Type.Unknown()),
    game: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    settings: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.Number(), Type.String()]))),
    /** The playing area and the ships' starting formation. */
    table: Type.Optional(TableLayoutSchema),
    /** The rule set's data file, relative to the scenario (the WS&IM demo's house stand-in tables). */
    data: Type.Optional(Type.String()),
    /** The demo's devices named as players call them at this table, by device id. */
    deviceNames: Type.Optional(DeviceNamesSchema),
  },
  { additionalProperties: false },
);

export type Scenario = Static<typeof ScenarioSchema>;

/** The folder of bundled scenarios. */
export const SCENARIO_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "scenarios");

/** Names of the bundled scenarios (file names without `.yaml`), sorted. */
export function scenarioNames(dir = SCENARIO_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => basename(f, ".yaml"))
    .sort();
}

/** The file of a bundled scenario. */
export function scenarioFile(name: string, dir = SCENARIO_DIR): string {
  return join(dir, `${name}.yaml`);
}
