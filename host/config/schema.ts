/**
 * The table configuration file (docs/reference/table-file.md): rule set, fleets with their NFC tag UIDs, devices, dice
 * bindings, players and display options. Every key is checked; unknown keys are errors naming file, line and key.
 */
import { type Static, Type } from "@sinclair/typebox";
import { BasesSchema } from "./class-bases.ts";
import { ClubSchema } from "./club-schema.ts";
import { DeviceConfigSchema } from "./device-schemas.ts";
import { TableLayoutSchema } from "./table-layout.ts";

/**
 * One ship of a fleet: `id`, `name`, the tag(s) and camera marker on its base, and the rule set's own fields (checked
 * by the rule set).
 */
export const ShipEntrySchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    /** NFC tag UID(s), hex without separators (case and colons are forgiven). */
    tag: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    /**
     * The camera's ship marker on its base (AprilTag 36h11 id, 10–586), when not the one of its roster order (10 for
     * the first ship, 11 for the second …): written by the export of a game whose ship was given a marker at the table.
     */
    marker: Type.Optional(Type.Integer({ minimum: 10, maximum: 586 })),
  },
  { additionalProperties: true },
);

export const FleetSchema = Type.Object(
  {
    side: Type.String({ minLength: 1 }),
    ships: Type.Array(ShipEntrySchema, { default: [] }),
  },
  { additionalProperties: false },
);

/** A die bound to rules: which plan roles and colours it may stand for, and optionally whose die it is. */
export const BindingSchema = Type.Object(
  {
    die: Type.String({ minLength: 1 }),
    /** Plan roles this die serves (`attack`, `rof` …); empty or absent = any role. */
    roles: Type.Optional(Type.Array(Type.String())),
    /** Rule colours this die stands for (`black`, `white`, `red`, `normal`); absent = its physical colour. */
    colors: Type.Optional(Type.Array(Type.String())),
    /** The side (player) this die belongs to; absent = shared. */
    side: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const PlayerSchema = Type.Object(
  {
    side: Type.String({ minLength: 1 }),
    /** The player's name, for the games list and the summary. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** How this player rolls: electronic dice, typed-in values, or dice rolled by the host. */
    dice: Type.Union([Type.Literal("electronic"), Type.Literal("manual"), Type.Literal("software")], { default: "electronic" }),
  },
  { additionalProperties: false },
);

export const DisplaySchema = Type.Object(
  {
    title: Type.Optional(Type.String()),
    theme: Type.Union([Type.Literal("dark"), Type.Literal("light")], { default: "dark" }),
    /** Multiplies the display's type size (1 = large type for a table ~2 m away). */
    scale: Type.Number({ minimum: 0.5, maximum: 3, default: 1 }),
    /**
     * Electronic dice answer back: each shows its result (green hit, red miss), the dice the table waits for glow, a
     * low battery blinks once (absent: on). `false` keeps the dice dark.
     */
    diceLights: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * The names players read for the table's devices, by device id (`pixel-5: black die`, `reader-1: reader at the Allied
 * edge`): a device with none is named by its family and number ("Pixels die 5"); a name given on /devices wins.
 */
export const DeviceNamesSchema = Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1, maxLength: 40 }));

/** The table file. `scenario` names a bundled scenario to start from; `fleets`/`roster` then replace its ships. */
export const TableConfigSchema = Type.Object(
  {
    ruleset: Type.Optional(Type.String()),
    scenario: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    /** A few words on the game for the people at the table (a bundled scenario has one, so it loads as a table file). */
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    fleets: Type.Optional(Type.Array(FleetSchema)),
    /** A CSV roster (side,id,name,tag,…rule-set fields), relative to this file. */
    roster: Type.Optional(Type.String()),
    /** Bases by class: `by` a ship field (`rating`, `class`), `sizes` each value's base in mm; a ship's own `base` wins. */
    bases: Type.Optional(BasesSchema),
    wind: Type.Optional(Type.Unknown()),
    game: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    settings: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.Number(), Type.String()]))),
    /**
     * The rule set's data file (a club's chart): a file relative to this one, or the data itself as a map (an exported
     * game's table file carries its data so).
     */
    data: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
    devices: Type.Optional(DeviceConfigSchema),
    /** The devices' names players read, by device id (a scenario's for the demo's devices). */
    deviceNames: Type.Optional(DeviceNamesSchema),
    bindings: Type.Array(BindingSchema, { default: [] }),
    players: Type.Array(PlayerSchema, { default: [] }),
    display: Type.Optional(DisplaySchema),
    /** The playing area (mm) and where ships start (docs/reference/request-result.md table coordinates); default a 6 × 4 ft table in formation. */
    table: Type.Optional(TableLayoutSchema),
    /** Club mode: report this table to the club's MQTT broker (docs/reference/mqtt.md). */
    club: Type.Optional(ClubSchema),
  },
  { additionalProperties: false },
);

export type ShipEntry = Static<typeof ShipEntrySchema>;
export type Fleet = Static<typeof FleetSchema>;
export type Binding = Static<typeof BindingSchema>;
export type Player = Static<typeof PlayerSchema>;
export type DisplayOptions = Static<typeof DisplaySchema>;
export type TableConfig = Static<typeof TableConfigSchema>;
