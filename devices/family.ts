/**
 * What a device family (`devices/<family>/family.ts`) gives the composition root: its key in the table file's
 * `devices` section, the schema that section is checked with, and `create`, which builds the family's devices from
 * the checked section. The root keeps one table of families and loads each with `await import()` only when the
 * table file names it (see host/device-families.ts), so a family's driver code never loads for a table without it.
 *
 * The emulated side (`--sim`, tests) lives in `devices/testing/` and is never imported by production code.
 */
import type { TSchema } from "@sinclair/typebox";
import type { Logger } from "pino";
import type { DeviceHealth, DeviceSource, DieLight, PositionSource, WindDial } from "./readings.ts";
import type { DeviceWorld } from "./world.ts";

/** What every family's `create` gets besides its own section. */
export interface FamilyContext {
  /** The family's logger (`dev: <key>` already bound). */
  readonly logger: Logger;
  /** Where the devices are reached (default: this machine's own ports and adapters, opened by each family). */
  readonly world?: DeviceWorld;
}

/** The devices one family built. */
export interface BuiltDevices {
  readonly sources: readonly DeviceSource[];
  /** The wind dial, from the family that drives it. */
  readonly dial?: WindDial;
  /** The feed of ship positions (also among `sources`), from the family that sees the table: what reports positions calls it. */
  readonly positions?: PositionSource;
  /** Devices that could not be built: shown on /devices, never fatal. */
  readonly problems?: readonly DeviceHealth[];
  /** Stops what the family built (default: every source's `stop`, the dial's `stop`). */
  close?(): Promise<void>;
}

/** One device family: `{key, schema, create}`. `C` is the checked section (`Static` of `schema`). */
export interface DeviceFamily<C> {
  readonly key: string;
  readonly schema: TSchema;
  /** Builds the family's devices; never starts them (the root does). Throws only for a broken install. */
  create(config: C, context: FamilyContext): BuiltDevices;
}

/**
 * Controls of emulated devices, behind `/api/sim/*` (docs/reference/http-api.md), routed by device id; each method is absent
 * when no emulator offers it.
 */
export interface SimControls {
  roll?(dieId: string, face: number): Promise<void>;
  tap?(readerId: string, uid: string): Promise<void>;
  lift?(readerId: string): Promise<void>;
  press?(command: string): Promise<void>;
  /** False when no emulated device has this id. */
  disconnect(deviceId: string): Promise<boolean>;
  reconnect(deviceId: string): Promise<boolean>;
  dialAngle?(): number | null;
  /** The lights an emulated die was shown, oldest first (dice that answer back); null when no emulated die has this id. */
  lights?(dieId: string): readonly DieLight[] | null;
  /** Moves a ship's model on the emulated table (docs/reference/http-api.md `/api/sim/move`); refuses a bad position. */
  move?(ship: string, x: number, y: number, heading: number): Promise<void>;
  /**
   * Sets the game's models on the emulated table: each ship where it stands (`at`), or where the formation puts it;
   * ships of another game are taken off.
   */
  place?(ships: readonly PlacedShip[]): Promise<void>;
  /**
   * The emulated table seen by a camera that is not there (`/api/sim/camera-frame`): a grey frame of the models where
   * they stand, as their markers; `version` changes whenever what it shows changed.
   */
  cameraFrame?(view: SimCameraView): Promise<SimCameraFrame>;
}

/** What the demo's rendered camera is asked to show: the playing area, each ship's marker, the frame's size. */
export interface SimCameraView {
  readonly area: { readonly width: number; readonly height: number };
  /** The game's ships and the marker each carries (given at the table, else by roster order). */
  readonly ships: readonly { readonly ship: string; readonly marker: number }[];
  readonly width: number;
  readonly height: number;
}

/** A grey frame (one byte a pixel, rows top to bottom) and its version. */
export interface SimCameraFrame {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
  readonly version: number;
}

/** A model on the emulated table. */
export interface PlacedShip {
  readonly ship: string;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
}

/** One family's emulated devices: what `create` gives, plus the controls of its emulators. */
export interface EmulatedDevices extends BuiltDevices {
  readonly sim: Omit<SimControls, "disconnect" | "reconnect"> & {
    /** Whether this family emulates the device `id` (the root routes disconnect/reconnect by it). */
    owns(deviceId: string): boolean;
    disconnect(deviceId: string): Promise<void>;
    reconnect(deviceId: string): Promise<void>;
  };
}
