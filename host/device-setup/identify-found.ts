/**
 * Identifying a device found by "Add a device", before it is on the table: the die blinks (its own link, opened
 * for the moment), "tap any tag on this reader" (the reader's driver, opened for the moment, waits for a tag),
 * "press any button on the pad" (its first report), the dial sweeps round the compass. Each runs its real driver
 * over the table's device world on a throwaway id and lets go afterwards; a device that vanishes meanwhile is
 * said in words, and nothing on the table is touched.
 */
import type { Logger } from "pino";
import { bleAdapters } from "../../devices/ble/config.ts";
import type { DiceDeviceConfig } from "../../devices/dice/config.ts";
import { createDiceSource } from "../../devices/dice/source.ts";
import { buildReader } from "../../devices/nfc/config.ts";
import { readersSource } from "../../devices/nfc/reader.ts";
import type { DeviceSource, Reading } from "../../devices/readings.ts";
import { withDialDefaults } from "../../devices/wind-dial/config.ts";
import { createDial } from "../../devices/wind-dial/index.ts";
import type { DeviceWorld } from "../../devices/world.ts";
import type { DeviceConfig } from "../config/device-schemas.ts";
import type { FoundDevice } from "./discover.ts";

export type IdentifyOutcome =
  | { readonly ok: true; readonly said: string; readonly uid?: string; readonly button?: number }
  | { readonly ok: false; readonly said: string };

const PROBE_ID = "identify";

/** Waits for `pick` to answer for a reading or a health change of `source`, or `ms`; null on time out. */
function watch<T>(source: DeviceSource, ms: number, pick: (r: Reading | null) => T | null): Promise<T | null> {
  return new Promise((resolve) => {
    const done = (v: T | null) => {
      offR();
      offH();
      clearTimeout(timer);
      resolve(v);
    };
    const offR = source.onReading((r) => {
      const v = pick(r);
      if (v !== null) done(v);
    });
    const offH = source.onHealth(() => {
      const v = pick(null);
      if (v !== null) done(v);
    });
    const timer = setTimeout(() => done(null), ms);
  });
}

const connected = (s: DeviceSource) => s.health().some((h) => h.id === PROBE_ID && h.connected);

async function blinkDie(world: DeviceWorld, config: DeviceConfig, d: FoundDevice, logger: Logger, ms: number): Promise<IdentifyOutcome> {
  const adapter = (config.ble !== undefined ? bleAdapters(config.ble) : world.defaultAdapters)[0] ?? { binding: "auto" as const };
  const die = { ...d.entry, id: PROBE_ID } as DiceDeviceConfig;
  const source = createDiceSource({ central: world.central(adapter), configs: [die], logger, emulated: world.emulated });
  try {
    await source.start();
    const up = connected(source) || (await watch(source, ms, () => (connected(source) ? true : null)));
    if (!up)
      return {
        ok: false,
        said: `The ${d.what} did not answer within ${Math.round(ms / 1000)} s: it may have gone out of range, been switched off, or be held by another program. Nothing on the table changed.`,
      };
    const blinked = await source.identify?.(PROBE_ID);
    return blinked
      ? { ok: true, said: `The ${d.what} is blinking.` }
      : {
          ok: false,
          said: `The ${d.what} was reached but would not blink (it went out of range, or it reads from adverts only): roll it instead.`,
        };
  } finally {
    await source.stop();
  }
}

async function tapReader(world: DeviceWorld, d: FoundDevice, logger: Logger, ms: number): Promise<IdentifyOutcome> {
  const path = String(d.entry.path);
  const reader = buildReader(
    { kind: "pn532", id: PROBE_ID, path },
    { serialFactory: world.serial, logger, emulated: world.emulated, initialBackoffMs: 200, maxBackoffMs: 1000 },
  );
  const source = readersSource([reader]);
  let wasUp = false;
  try {
    await source.start();
    wasUp = connected(source);
    const got = await watch(source, ms, (r) => {
      if (r?.type === "tag.arrived") return { uid: r.uid };
      if (connected(source)) wasUp = true;
      else if (wasUp) return { gone: true as const };
      return null;
    });
    if (got && "uid" in got) return { ok: true, said: `Tag ${got.uid} read on this reader.`, uid: got.uid };
    if (got)
      return {
        ok: false,
        said: `The reader on ${path} went away while waiting for a tag (unplugged?). Plug it back in and search again; nothing on the table changed.`,
      };
    return wasUp || connected(source)
      ? { ok: false, said: `No tag was tapped on the reader on ${path} within ${Math.round(ms / 1000)} s.` }
      : {
          ok: false,
          said: `The reader on ${path} could not be opened (unplugged, or held by another program). Nothing on the table changed.`,
        };
  } finally {
    await source.stop();
  }
}

async function pressPad(world: DeviceWorld, d: FoundDevice, ms: number): Promise<IdentifyOutcome> {
  const path = String(d.entry.path);
  let pad: Awaited<ReturnType<DeviceWorld["hid"]["open"]>>;
  try {
    pad = await world.hid.open(path);
  } catch (e) {
    return { ok: false, said: `The pad could not be opened: ${(e as Error).message}. Nothing on the table changed.` };
  }
  try {
    const got = await new Promise<{ button: number } | { gone: string } | null>((resolve) => {
      const offD = pad.onData((report) => {
        const i = report.findIndex((b) => b !== 0);
        if (i >= 0) resolve({ button: i * 8 + Math.log2((report[i] ?? 1) & -(report[i] ?? 1)) });
      });
      const offL = pad.onDisconnect((r) => resolve({ gone: r.message }));
      setTimeout(() => {
        offD();
        offL();
        resolve(null);
      }, ms);
    });
    if (got && "button" in got) return { ok: true, said: `Button ${got.button + 1} pressed on this pad.`, button: got.button };
    if (got)
      return {
        ok: false,
        said: `The pad went away while waiting for a press (${got.gone}). Plug it back in and search again; nothing on the table changed.`,
      };
    return { ok: false, said: `No button was pressed on the pad within ${Math.round(ms / 1000)} s.` };
  } finally {
    await pad.close().catch(() => undefined);
  }
}

async function sweepDial(world: DeviceWorld, d: FoundDevice, logger: Logger, ms: number): Promise<IdentifyOutcome> {
  const port = String(d.entry.port);
  const dial = createDial(withDialDefaults({ port, reconnectMs: 200, reconnectMaxMs: 1000, degreesPerSecond: 360 }), {
    logger,
    loadPortFactory: world.firmataPorts,
    emulated: world.emulated,
  });
  try {
    const started = dial.start().then(
      () => true,
      () => false,
    );
    const up = await Promise.race([started, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    if (!up || !dial.health().connected)
      return {
        ok: false,
        said: `The board on ${port} did not come up (unplugged, or not a Firmata board after all). Nothing on the table changed.`,
      };
    for (const fromDegrees of [0, 90, 180, 270, 0]) {
      await dial.show({ system: "compass8", fromDegrees });
      if (!dial.health().connected)
        return { ok: false, said: `The board on ${port} went away during the sweep. Nothing on the table changed.` };
    }
    return { ok: true, said: "The dial swept round the compass: north, east, south, west and back." };
  } finally {
    await dial.stop();
  }
}

/** Identifies `d` (up to `ms` for a tap or a press); never rejects. */
export async function identifyFound(
  world: DeviceWorld,
  config: DeviceConfig,
  d: FoundDevice,
  logger: Logger,
  ms = 20_000,
): Promise<IdentifyOutcome> {
  try {
    if (d.family === "dice") return await blinkDie(world, config, d, logger, Math.min(ms, 15_000));
    if (d.family === "readers") return await tapReader(world, d, logger, ms);
    if (d.family === "pad") return await pressPad(world, d, ms);
    return await sweepDial(world, d, logger, Math.min(ms, 10_000));
  } catch (e) {
    return { ok: false, said: `The ${d.what} could not be identified: ${(e as Error).message}. Nothing on the table changed.` };
  }
}
