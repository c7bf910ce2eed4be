/**
 * The scan stopped and started again at once, through the unmodified noble over the emulated HCI controller: what
 * happens each time a die is added from /devices (discovery stops its scan; the dice family is rebuilt, the old
 * source stopping its scan just before the new one starts it). noble ignored a start sent while its stop was still
 * on its way to the controller and never answered it, so the new source never started its dice: under load, three
 * dice added one after another never connected. And an adapter that answers after the settling time is used.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createNobleCentral } from "../../../../devices/ble/noble-adapter.ts";
import type { BleCentral } from "../../../../devices/ble/seam.ts";
import { sharedCentral } from "../../../../devices/ble/shared-central.ts";
import { systemClock, withTimeout } from "../../../../devices/common/clock.ts";
import type { DiceDeviceConfig } from "../../../../devices/dice/config.ts";
import { createDiceSource, type DiceSource } from "../../../../devices/dice/source.ts";
import { EmulatedPixelsDie } from "../../../../devices/testing/ble/pixels-die.ts";
import { plugHciController } from "../../../../devices/testing/hci/hci-uart.ts";
import { until } from "./table-rig.ts";

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function rig(o: { settleMs?: number; inputDelayMs?: number } = {}) {
  const hci = await plugHciController({ name: "rebuilt", linkLimit: 10, inputDelayMs: o.inputDelayMs ?? 0 });
  const dice = [1, 2, 3].map((i) => new EmulatedPixelsDie({ id: `px${i}`, kind: "d6", clock: systemClock }));
  for (const d of dice) hci.controller.add(d);
  const own = createNobleCentral({
    binding: { kind: "uart", port: hci.hostPath },
    ...(o.settleMs !== undefined ? { settleMs: o.settleMs } : {}),
  });
  let source: DiceSource | null = null;
  cleanup.push(async () => {
    await source?.stop();
    await own.close();
    await hci.dispose();
  });
  const central: BleCentral = sharedCentral(own);
  const configs = (n: number): DiceDeviceConfig[] =>
    dice.slice(0, n).map((d) => ({ family: "pixels", id: d.id, address: d.address, kind: "d6" }));
  const connected = () => (source?.health() ?? []).filter((h) => h.kind !== "adapter").every((h) => h.connected);
  return {
    own,
    central,
    connected,
    /** Stops the running source (if any) and starts one over the first `n` dice, as the family's rebuild does. */
    async rebuild(n: number) {
      await source?.stop();
      source = createDiceSource({ central, configs: configs(n) });
      await withTimeout(systemClock, source.start(), 10_000, `the source of ${n} dice never started`);
    },
  };
}

describe("the scan stopped and started again at once", () => {
  it("the dice family rebuilt for each die added, connects every die each time", async () => {
    // a controller slow to take in commands, as on a busy machine: a stop is still on its way when the start follows
    const r = await rig({ inputDelayMs: 20 });
    for (let round = 0; round < 3; round++) {
      // a discovery's listen, then the three adds one after another: each a stop and a start of the scan
      await r.central.startScan({ allowDuplicates: true });
      await r.central.stopScan();
      for (const n of [1, 2, 3]) {
        await r.rebuild(n);
        // the next add comes as the scan the first connect stopped is started again (250 ms after, noble#191)
        await new Promise((ok) => setTimeout(ok, 250));
      }
      await until(r.connected, `round ${round + 1}: the three dice connected`, 10_000);
    }
  }, 60_000);

  it("an adapter that answers after the settling time is used once it does", async () => {
    // the settling time runs out before the controller's first answer: the host starts, then the adapter is ready
    const r = await rig({ settleMs: 1 });
    await r.rebuild(3);
    await until(r.connected, "the three dice connected", 10_000);
    expect(await r.own.whenSettled()).toEqual({ kind: "ready" });
  }, 30_000);
});
