/**
 * HID devices for the host: the control pad (`createPadSource`, `PadConfigSchema`); its emulator is
 * `devices/testing/hid/emulated-pad.ts`. Keyboard-wedge readers are readers: see `devices/nfc/index.ts`.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import { nodeHidBackend } from "../hid/node-hid-backend.ts";
import type { HidBackend } from "../hid/transport.ts";
import type { DeviceSource } from "../readings.ts";
import { checkEach } from "../serial/validate.ts";
import { padSource } from "./pad-source.ts";

export { nodeHidBackend } from "../hid/node-hid-backend.ts";
export { type HidBackend, type HidDeviceInfo, type HidTransport, HidUnavailableError } from "../hid/transport.ts";

const Id16 = Type.Integer({ minimum: 0, maximum: 0xffff, description: "USB id; write it as 0x0483 in YAML" });

export const ButtonMappingSchema = Type.Object(
  {
    command: Type.String({ pattern: "^[a-z][a-z0-9-]*$", description: "confirm, undo, next-phase, …" }),
    byte: Type.Optional(Type.Integer({ minimum: 0, maximum: 63, description: "report byte (with bit)" })),
    bit: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
    button: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, description: "button index from buttonsByte" })),
  },
  { additionalProperties: false },
);

/** One control pad in the table configuration (docs/reference/table-file.md devices). */
export const PadConfigSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    vendorId: Id16,
    productId: Id16,
    path: Type.Optional(Type.String({ minLength: 1, description: "pin one device when two identical pads are plugged" })),
    serialNumber: Type.Optional(Type.String()),
    buttonsByte: Type.Optional(Type.Integer({ minimum: 0, maximum: 63, default: 0 })),
    debounceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000, default: 50 })),
    buttons: Type.Array(ButtonMappingSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type PadConfig = Static<typeof PadConfigSchema>;

/** The table file's `devices.pad`: one pad or a list. */
export const PadSectionSchema = Type.Union([PadConfigSchema, Type.Array(PadConfigSchema)]);

export interface PadSourceOptions {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Defaults to node-hid, loaded on first use; a load failure is `unavailable` health, not a crash. */
  readonly backend?: HidBackend;
  /** Marks the pads' health as emulated (built over the demo's emulated world). */
  readonly emulated?: boolean;
}

/**
 * Real pads from raw configuration (one pad or a list that has not been through the table file's schema): a
 * failing entry is a `misconfigured` pad naming the key. `start()` never rejects: a missing pad or a missing
 * node-hid shows in health.
 */
export function createPadSource(config: unknown, opts: PadSourceOptions = {}): DeviceSource {
  const pads = checkEach<PadConfig>(PadConfigSchema, config, "devices.pad").map((c) =>
    c.ok ? c.value : { id: c.error.id, problem: c.error.message },
  );
  return padSourceOf(pads, opts);
}

/** Real pads from the table file's checked `devices.pad` (or entries already checked). */
export function padSourceOf(
  config: PadConfig | readonly (PadConfig | { id: string; problem: string })[],
  opts: PadSourceOptions = {},
): DeviceSource {
  const backend = opts.backend ?? nodeHidBackend();
  return padSource(Array.isArray(config) ? config : [config], {
    backend: async () => backend,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.emulated ? { emulated: true } : {}),
  });
}
