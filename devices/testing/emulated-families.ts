/**
 * The device families emulated, for the demo table (`--sim`) and tests: each builds the family's real driver stack
 * over its emulators and says which device ids it owns, so the composition root can route `/api/sim/*` to it.
 * Only the composition root (host/device-families.ts) loads this file, with `await import()`, when it emulates.
 */
import type { Logger } from "pino";
import type { EmulatedDevices, SimCameraFrame, SimCameraView } from "../family.ts";
import { normaliseUid } from "../nfc/presence.ts";
import type { DeviceSource, PhysicalDieKind } from "../readings.ts";
import { createEmulatedDice } from "./ble/emulated-dice.ts";
import { createEmulatedDial } from "./firmata/emulated-dial.ts";
import { createHciEmulatedDice } from "./hci-dice.ts";
import { createEmulatedPad } from "./hid/emulated-pad.ts";
import { createEmulatedReaders } from "./nfc/emulated-readers.ts";
import { createEmulatedTable } from "./positions/emulated-table.ts";

const owns = (s: DeviceSource, id: string): boolean => s.health().some((h) => h.id === id);

export interface EmulatedDiceDemo {
  readonly pixels: ReadonlyArray<{ id: string; color?: string; kind?: PhysicalDieKind }>;
  readonly godice: ReadonlyArray<{ id: string; color?: string; shell?: string }>;
  /** Through an emulated HCI controller and the real noble stack (`--sim hci`; needs socat). */
  readonly overHci?: boolean;
  /** In-process dice only: the rate (0–0.5) at which each message is dropped, garbled and repeated. */
  readonly faults?: number;
}

/** Emulated Pixels and GoDice behind the real drivers. */
export async function emulateDice(demo: EmulatedDiceDemo, { logger }: { logger: Logger }): Promise<EmulatedDevices> {
  const dice = { pixels: demo.pixels, godice: demo.godice, logger };
  const made = demo.overHci ? await createHciEmulatedDice(dice) : await createEmulatedDice(dice);
  const faults = demo.faults ?? 0;
  if ("dice" in made && faults > 0) for (const d of made.dice.values()) d.faults.set({ drop: faults, corrupt: faults, duplicate: faults });
  return {
    sources: [made.source],
    sim: {
      owns: (id) => owns(made.source, id),
      roll: (id, face) => made.control.roll(id, face),
      lights: (id) => (owns(made.source, id) ? made.control.lights(id) : null),
      disconnect: (id) => made.control.disconnect(id),
      reconnect: (id) => made.control.reconnect(id),
    },
    close: () => ("close" in made ? made.close() : made.source.stop()),
  };
}

/**
 * A sim tap that returns once the reader has reported the tag (or after `ms`, e.g. when the reader is unplugged
 * or the tag already lay there): the emulated reader polls, so a tap lifted at once could otherwise go unread.
 */
async function tapAndWait(source: DeviceSource, place: () => Promise<void>, readerId: string, uid: string, ms = 2000): Promise<void> {
  const want = normaliseUid(uid) ?? uid;
  let off = (): void => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
    off = source.onReading((r) => {
      if (r.type === "tag.arrived" && r.readerId === readerId && r.uid === want) done();
    });
  });
  try {
    await place();
    await seen;
  } finally {
    off();
    clearTimeout(timer);
  }
}

/**
 * PN532 readers over emulators on the in-memory serial pair, behind the real PN532 driver: the demo needs no socat
 * and starts faster. The real TTY path (emulators on socat pty pairs) is the pty integration suite's
 * (test/devices/serial/pty-integration.test.ts), and `--sim hci` still runs the dice over ptys.
 */
export async function emulateReaders(
  demo: { readonly readers: ReadonlyArray<{ id: string }> },
  { logger }: { logger: Logger },
): Promise<EmulatedDevices> {
  const readers = await createEmulatedReaders(
    demo.readers.map((r) => ({ ...r })),
    { logger, over: "memory" },
  );
  return {
    sources: [readers.source],
    sim: {
      owns: (id) => owns(readers.source, id),
      tap: (id, uid) => tapAndWait(readers.source, () => readers.control.tap(id, uid), id, uid),
      lift: (id) => readers.control.lift(id),
      disconnect: (id) => readers.control.disconnect(id),
      reconnect: (id) => readers.control.reconnect(id),
    },
    close: () => readers.close(),
  };
}

/** A button box whose buttons are `commands`. */
export async function emulatePad(
  demo: { readonly id: string; readonly commands: readonly string[] },
  { logger }: { logger: Logger },
): Promise<EmulatedDevices> {
  const pad = await createEmulatedPad({ id: demo.id, commands: demo.commands, logger });
  return {
    sources: [pad.source],
    sim: {
      owns: (id) => owns(pad.source, id),
      press: (command) => pad.control.press(command),
      disconnect: () => pad.control.disconnect(),
      reconnect: () => pad.control.reconnect(),
    },
    close: () => pad.close(),
  };
}

/** The servo dial on an emulated StandardFirmata board; `id` is a second name the sim controls accept for it. */
export async function emulateDial(demo: { readonly id: string }, { logger }: { logger: Logger }): Promise<EmulatedDevices> {
  const dial = await createEmulatedDial({}, { logger });
  const dialId = dial.dial.health().id;
  return {
    sources: [],
    dial: dial.dial,
    sim: {
      owns: (id) => id === dialId || id === demo.id,
      dialAngle: () => dial.control.dialAngle(),
      disconnect: () => dial.control.disconnect(),
      reconnect: () => dial.control.reconnect(),
    },
    close: () => dial.close(),
  };
}

/** The table of models, whose positions are seen exactly: `/api/sim/move` moves one, the root places a game's fleet. */
export async function emulatePositions(demo: { readonly id: string }): Promise<EmulatedDevices> {
  const table = createEmulatedTable(demo.id);
  // the camera that is not there: OpenCV (for the markers' cells) and the renderer load on the first frame asked for
  let camera: Promise<{ frame: (view: SimCameraView) => Promise<SimCameraFrame> }> | null = null;
  const demoCamera = () => {
    camera ??= (async () => {
      const [{ DemoCamera }, { loadOpenCv }, { tagCells }] = await Promise.all([
        import("./camera/demo-view.ts"),
        import("../camera/opencv-node.ts"),
        import("../camera/marker-cells.ts"),
      ]);
      const cells = loadOpenCv().then(({ cv }) => tagCells(cv));
      return new DemoCamera(
        () => table.control.models(),
        () => cells,
      );
    })();
    return camera;
  };
  return {
    sources: [table.feed],
    positions: table.feed,
    sim: {
      owns: (id) => id === demo.id,
      move: (ship, x, y, heading) => table.control.move(ship, x, y, heading),
      place: (ships) => table.control.place(ships),
      cameraFrame: async (view) => (await demoCamera()).frame(view),
      disconnect: () => table.feed.stop(),
      reconnect: () => table.feed.start(),
    },
    close: () => table.feed.stop(),
  };
}
