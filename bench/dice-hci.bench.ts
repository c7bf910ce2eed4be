/**
 * Rolls through the real Bluetooth stack: emulated Pixels and GoDice heard by the emulated HCI controller on a
 * pty, read by the unmodified noble over its UART driver and our drivers. Reports rolls made, readings lost and
 * doubled, and the time from a die's landing notification leaving the emulator to the reading in the host.
 */
import { performance } from "node:perf_hooks";
import { createNobleCentral } from "../devices/ble/noble-adapter.ts";
import { systemClock } from "../devices/common/clock.ts";
import type { DiceDeviceConfig } from "../devices/dice/config.ts";
import { createDiceSource } from "../devices/dice/source.ts";
import { EmulatedGoDice } from "../devices/testing/ble/godice-die.ts";
import { EmulatedPixelsDie } from "../devices/testing/ble/pixels-die.ts";
import { plugHciController } from "../devices/testing/hci/hci-uart.ts";
import { quantile } from "./stats.ts";

const ROLLS = 200;

export async function run(): Promise<string> {
  const lastNotify = new Map<string, number>();
  const hci = await plugHciController({ name: "bench-hci", onNotify: (id) => lastNotify.set(id, performance.now()) });
  const px = new EmulatedPixelsDie({ id: "px", kind: "d20", clock: systemClock });
  const gd = new EmulatedGoDice({ id: "gd", shell: "d6", clock: systemClock });
  hci.controller.add(px);
  hci.controller.add(gd);
  const configs: DiceDeviceConfig[] = [
    { family: "pixels", id: "px", address: px.address, kind: "d20" },
    { family: "godice", id: "gd", name: gd.name, shell: "d6" },
  ];
  const central = createNobleCentral({ binding: { kind: "uart", port: hci.hostPath } });
  const source = createDiceSource({ central, configs, ownsCentral: true });
  const readings = new Map<string, number>([
    ["px", 0],
    ["gd", 0],
  ]);
  const latency = new Map<string, number[]>([
    ["px", []],
    ["gd", []],
  ]);
  source.onReading((r) => {
    if (r.type !== "die.rolled") return;
    readings.set(r.dieId, (readings.get(r.dieId) ?? 0) + 1);
    const sent = lastNotify.get(r.dieId);
    if (sent !== undefined) latency.get(r.dieId)?.push(performance.now() - sent);
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const waitFor = async (cond: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!cond() && Date.now() < end) await sleep(1);
    return cond();
  };
  await source.start();
  await waitFor(() => ["px", "gd"].every((id) => source.health().find((h) => h.id === id)?.connected), 20_000);
  const rows: string[] = [];
  for (const [id, die] of [
    ["px", px],
    ["gd", gd],
  ] as const) {
    let lost = 0;
    for (let i = 0; i < ROLLS; i++) {
      const before = readings.get(id) ?? 0;
      die.roll((i % 6) + 1);
      if (!(await waitFor(() => (readings.get(id) ?? 0) > before, 3000))) lost += 1;
    }
    await sleep(300);
    const got = readings.get(id) ?? 0;
    const doubled = Math.max(0, got - (ROLLS - lost));
    const ms = latency.get(id) ?? [];
    rows.push(
      `| ${id === "px" ? "Pixels" : "GoDice"} | ${ROLLS} | ${got} | ${lost} | ${doubled} | ${quantile(ms, 0.5).toFixed(2)} | ${quantile(ms, 0.99).toFixed(2)} |`,
    );
  }
  await source.stop();
  await hci.dispose();
  return [
    "Rolls through noble (@stoprocent/noble, UART driver) over the emulated HCI controller on a pty:",
    "",
    "| family | rolls | readings | lost | doubled | notification → reading p50 ms | p99 ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
