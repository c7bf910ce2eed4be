/**
 * Adding, replacing and removing the table's devices from /devices: a found device (from the last discovery) gets
 * an id, a name and a colour, is checked with its family's schema, kept in the store, and its family is rebuilt at
 * once (no restart; the other families run on). Devices the table file lists stay as the file says (the file
 * would bring them back); the page exports the whole set as a table file's `devices` section.
 */
import { Value } from "@sinclair/typebox/value";
import type { Logger } from "pino";
import { diceConfigProblems } from "../../devices/dice/config.ts";
import { withDialDefaults } from "../../devices/wind-dial/config.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { LiveDevices } from "../compose-devices.ts";
import type { DeviceConfig } from "../config/device-schemas.ts";
import type { SqliteStore } from "../store/sqlite-store.ts";
import { ADDABLE, deviceSections, devicesAsTableFile, fileDeviceIds, mergeDevices } from "../table-devices.ts";
import { type Discovery, discover, type FoundDevice } from "./discover.ts";
import { type IdentifyOutcome, identifyFound } from "./identify-found.ts";

/** The pad's buttons in order when it is added from the page (button 1 first); docs/table-setup.md says so. */
export const STANDARD_PAD_COMMANDS = ["confirm", "undo", "next-phase", "cancel", "roll", "next-choice", "prev-choice", "log"] as const;

/** What the organiser gives a found device. */
export interface AddRequest {
  /** The found card's key. */
  readonly key: string;
  /** The table id (default: the next free `die-N`, `reader-N`, `pad`, `dial`). */
  readonly id?: string;
  readonly name?: string;
  /** A die's colour as the rules name it. */
  readonly color?: string;
  /** The device (added from the page) this one replaces: it takes its id, so bindings and rosters carry over. */
  readonly replaces?: string;
}

export interface DeviceSetup {
  /** False on the demo table, whose emulated devices are fixed. */
  readonly editable: boolean;
  /** Where each device of the table comes from. */
  origins(): Record<string, "file" | "added">;
  discover(seconds?: number): Promise<Discovery>;
  identify(key: string, ms?: number): Promise<Result<IdentifyOutcome>>;
  add(req: AddRequest): Promise<Result<{ id: string }>>;
  remove(id: string): Promise<Result<null>>;
  /** The table's devices and their names as a table file's sections (YAML). */
  exportTableFile(): string;
  /** The table's devices as a table file's sections, for a game's saved set-up; null on the demo's fixed devices. */
  sections(): ReturnType<typeof deviceSections> | null;
}

export interface DeviceSetupDeps {
  readonly store: SqliteStore;
  readonly devices: LiveDevices;
  /** The table file's own devices (null on the demo table). */
  readonly file: DeviceConfig | null;
  readonly logger: Logger;
  readonly now: () => number;
  /** Names a device (the root keeps the names). */
  readonly name: (id: string, name: string) => void;
  /** The devices' names given (the table file's, a person's over them), exported with the devices. */
  readonly names: () => Readonly<Record<string, string>>;
}

const PREFIX: Record<FoundDevice["family"], string> = { dice: "die", readers: "reader", pad: "pad", dial: "dial" };

/** The entry a found device is added as. */
function entryOf(d: FoundDevice, id: string, color: string | undefined): Record<string, unknown> {
  if (d.family === "dice") return { ...d.entry, id, ...(color ? { color } : {}) };
  if (d.family === "readers") return { ...d.entry, id };
  if (d.family === "pad") return { ...d.entry, id, buttons: STANDARD_PAD_COMMANDS.map((command, button) => ({ command, button })) };
  return withDialDefaults({ ...(d.entry as { port: string }) });
}

export function deviceSetup(deps: DeviceSetupDeps): DeviceSetup {
  const { store, devices, file } = deps;
  const found = new Map<string, FoundDevice>();
  const config = (): DeviceConfig => devices.config ?? {};
  const editable = devices.config !== null && devices.world !== null;
  const demo = () =>
    fail(
      "devices.fixed",
      "This is the demo table: its devices are emulated and fixed. Start it with none on the table (--sim empty) to add the emulators from /devices, or with a table file (quarterdeck start --config table.yaml) to add real devices.",
      "",
    );
  const ids = () => new Set([...fileDeviceIds(file), ...store.addedDevices().map((d) => d.id)]);
  const freeId = (family: FoundDevice["family"]) => {
    const taken = ids();
    if (family === "dial") return "dial";
    for (let n = 1; ; n++) {
      const id = family === "pad" && n === 1 ? "pad" : `${PREFIX[family]}-${n}`;
      if (!taken.has(id)) return id;
    }
  };
  const apply = async () => {
    const merged = mergeDevices(file ?? {}, store.addedDevices());
    await devices.reconfigure(merged.config);
  };
  return {
    editable,
    origins() {
      // a Map, not an object's keys: an id such as `constructor` is no key of a plain object until set, and `??=` saw
      // Object.prototype's there and left it out (issue 39 item 6: such a device could not be removed from /devices)
      const out = new Map<string, "file" | "added">();
      for (const id of fileDeviceIds(file)) out.set(id, "file");
      for (const d of store.addedDevices()) if (!out.has(d.id)) out.set(d.id, "added");
      return Object.fromEntries(out);
    },
    async discover(seconds = 3) {
      if (!devices.world) return { found: [], looked: [] };
      const d = await discover(devices.world, config(), seconds);
      found.clear();
      for (const f of d.found) found.set(f.key, f);
      return d;
    },
    async identify(key, ms) {
      const d = found.get(key);
      if (!devices.world) return demo();
      if (!d) return fail("device.unknown", "That device is not among those found: search again.", "key");
      return ok(await identifyFound(devices.world, config(), d, deps.logger, ms));
    },
    async add(req) {
      if (!editable) return demo();
      const d = found.get(req.key);
      if (!d) return fail("device.unknown", "That device is not among those found: search again.", "key");
      if (d.onTable && d.onTable !== req.replaces)
        return fail("device.taken", `That ${d.what} is already on the table as ${d.onTable}.`, "key");
      const fileIds = fileDeviceIds(file);
      if (req.replaces !== undefined) {
        if (fileIds.has(req.replaces))
          return fail(
            "device.in-file",
            `${req.replaces} is listed in the table file: replace it there (the file would bring it back).`,
            "replaces",
          );
        if (!store.addedDevices().some((s) => s.id === req.replaces))
          return fail("device.unknown", `This table has no device "${req.replaces}" added from this page.`, "replaces");
      }
      if (d.family === "dial" && (file?.dial || store.addedDevices().some((s) => s.family === "dial" && s.id !== req.replaces)))
        return fail("device.taken", "The table has a wind dial already: remove it first, or replace it.", "key");
      const id = req.replaces ?? req.id ?? freeId(d.family);
      if (d.family === "dial" && id !== "dial") return fail("input.invalid", "The wind dial's id is always dial.", "id");
      if (req.replaces === undefined && ids().has(id))
        return fail("device.taken", `The table has a device "${id}" already: give another id.`, "id");
      const entry = entryOf(d, id, req.color);
      const schema = ADDABLE[d.family];
      if (!schema || !Value.Check(schema, entry)) {
        const first = schema ? [...Value.Errors(schema, entry)][0] : undefined;
        return fail(
          "input.invalid",
          `The ${d.what} cannot be added as given: ${first ? `${first.path}: ${first.message}` : "unknown family"}.`,
          first?.path ?? "",
        );
      }
      if (d.family === "dice") {
        const merged = mergeDevices(file ?? {}, [
          ...store.addedDevices().filter((s) => s.id !== id),
          { id, family: "dice", config: entry },
        ]);
        const problem = diceConfigProblems(merged.config.dice ?? [])[0];
        if (problem) return fail("input.invalid", `The die cannot be added: ${problem.message}.`, "id");
      }
      store.putDevice({ id, family: d.family, config: entry }, deps.now());
      await apply();
      if (req.name !== undefined) deps.name(id, req.name.trim());
      deps.logger.info({ device: id, family: d.family, replaces: req.replaces }, "device added from /devices");
      return ok({ id });
    },
    async remove(id) {
      if (!editable) return demo();
      if (fileDeviceIds(file).has(id))
        return fail("device.in-file", `${id} is listed in the table file: remove it there (the file would bring it back).`, "id");
      if (!store.removeDevice(id)) return fail("device.unknown", `This table has no device "${id}" added from this page.`, "id");
      await apply();
      deps.logger.info({ device: id }, "device removed from /devices");
      return ok(null);
    },
    exportTableFile: () => devicesAsTableFile(config(), deps.names()),
    sections: () => (editable ? deviceSections(config(), deps.names()) : null),
  };
}
