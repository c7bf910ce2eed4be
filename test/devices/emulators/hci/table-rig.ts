/**
 * Test rig: emulated dice heard by one or more emulated HCI controllers on real pty pairs, each driven by the
 * unmodified @stoprocent/noble over its UART driver, behind our noble adapter and the real dice drivers.
 */
import { createNobleCentral } from "../../../../devices/ble/noble-adapter.ts";
import type { BleCentral } from "../../../../devices/ble/seam.ts";
import { systemClock } from "../../../../devices/common/clock.ts";
import type { DiceDeviceConfig } from "../../../../devices/dice/config.ts";
import { createDiceSource, type DiceSource } from "../../../../devices/dice/source.ts";
import type { DeviceHealth, DieRolled } from "../../../../devices/readings.ts";
import { EmulatedGoDice } from "../../../../devices/testing/ble/godice-die.ts";
import { EmulatedPixelsDie } from "../../../../devices/testing/ble/pixels-die.ts";
import { type HciController, type HciControllerOptions, plugHciController } from "../../../../devices/testing/hci/hci-uart.ts";
import { until as waitUntil } from "../../../support/wait.ts";

export interface TableOptions {
  readonly pixels: number;
  readonly godice: number;
  readonly controllers?: number;
  readonly controller?: HciControllerOptions;
  /** How long each central waits for its controller's first answer (default 5 s: noble over a busy pty is slow). */
  readonly settleMs?: number;
}

export async function hciTable(o: TableOptions) {
  const plugged = await Promise.all(
    Array.from({ length: o.controllers ?? 1 }, (_, i) => plugHciController({ ...o.controller, name: `hci${i}` })),
  );
  const pixels = Array.from({ length: o.pixels }, (_, i) => new EmulatedPixelsDie({ id: `px${i + 1}`, kind: "d20", clock: systemClock }));
  const godice = Array.from({ length: o.godice }, (_, i) => new EmulatedGoDice({ id: `gd${i + 1}`, shell: "d6", clock: systemClock }));
  // Every die is in range of every controller; each source connects only the dice it is configured with.
  for (const p of plugged) for (const d of [...pixels, ...godice]) p.controller.add(d);
  const configs: DiceDeviceConfig[] = [
    ...pixels.map((d): DiceDeviceConfig => ({ family: "pixels", id: d.id, address: d.address, kind: "d20" })),
    ...godice.map((d): DiceDeviceConfig => ({ family: "godice", id: d.id, name: d.name, shell: "d6" })),
  ];
  const centrals: BleCentral[] = [];
  const sources: DiceSource[] = plugged.map((p, i) => {
    const central = createNobleCentral({ binding: { kind: "uart", port: p.hostPath }, settleMs: o.settleMs ?? 5000 });
    centrals.push(central);
    return createDiceSource({
      central,
      configs: configs.filter((_, k) => k % plugged.length === i),
      ownsCentral: true,
      adapterId: plugged.length > 1 ? `ble:${i + 1}` : "ble",
    });
  });
  const readings: DieRolled[] = [];
  for (const s of sources) s.onReading((r) => r.type === "die.rolled" && readings.push(r));
  const health = (id: string): DeviceHealth | undefined => sources.flatMap((s) => s.health()).find((h) => h.id === id);
  const controllers: HciController[] = plugged.map((p) => p.controller);
  return {
    pixels,
    godice,
    controllers,
    centrals,
    sources,
    readings,
    health,
    async start() {
      await Promise.all(sources.map((s) => s.start()));
    },
    async stop() {
      await Promise.all(sources.map((s) => s.stop()));
      await Promise.all(plugged.map((p) => p.dispose()));
    },
  };
}

/** Waits (real timers) until `cond` holds: the shared wait, with this rig's longer default. */
export const until = (cond: () => boolean, what: string, ms = 15_000): Promise<void> => waitUntil(cond, what, ms);
