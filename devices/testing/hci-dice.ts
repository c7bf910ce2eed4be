/**
 * The demo's dice through the real Bluetooth stack: the same emulated Pixels and GoDice as
 * {@link createEmulatedDice}, heard by an emulated HCI controller on a pty pair (socat), and read by the
 * unmodified noble over its UART driver behind our adapter — `npm start -- --sim hci`.
 */
import { createNobleCentral } from "../ble/noble-adapter.ts";
import { systemClock } from "../common/clock.ts";
import type { DiceDeviceConfig } from "../dice/config.ts";
import { createDiceSource, type DiceSource } from "../dice/source.ts";
import type { EmulatedDiceControl, EmulatedDiceOptions } from "./ble/emulated-dice.ts";
import { EmulatedGoDice } from "./ble/godice-die.ts";
import { EmulatedPixelsDie } from "./ble/pixels-die.ts";
import { plugHciController } from "./hci/hci-uart.ts";

const isShell = (s: string | undefined): s is NonNullable<EmulatedGoDice["shell"]> =>
  ["d6", "d20", "d10", "d10x", "d4", "d8", "d12"].includes(s ?? "");

/** Emulated dice over HCI and noble. Rejects when socat is missing (the caller shows that as a health problem). */
export async function createHciEmulatedDice(
  opts: Omit<EmulatedDiceOptions, "clock" | "advertOnly">,
): Promise<{ source: DiceSource; control: EmulatedDiceControl; close(): Promise<void> }> {
  // Room for all the demo dice (a Pi's own radio holds about 7: see docs/devices-dice.md).
  const hci = await plugHciController({ name: "demo-hci", linkLimit: 10 });
  const dice = new Map<string, EmulatedPixelsDie | EmulatedGoDice>();
  const configs: DiceDeviceConfig[] = [];
  for (const p of opts.pixels) {
    const kind = p.kind ?? "d6";
    const die = new EmulatedPixelsDie({ id: p.id, kind, clock: systemClock });
    dice.set(p.id, die);
    configs.push({ family: "pixels", id: p.id, address: die.address, kind, ...(p.color ? { color: p.color } : {}) });
  }
  for (const g of opts.godice) {
    const shell = isShell(g.shell) ? g.shell : "d6";
    const die = new EmulatedGoDice({ id: g.id, shell, clock: systemClock, ...(g.color ? { color: g.color } : {}) });
    dice.set(g.id, die);
    configs.push({ family: "godice", id: g.id, name: die.name, shell, ...(g.color ? { color: g.color } : {}) });
  }
  for (const die of dice.values()) hci.controller.add(die);
  const central = createNobleCentral({ binding: { kind: "uart", port: hci.hostPath }, ...(opts.logger ? { logger: opts.logger } : {}) });
  const source = createDiceSource({ central, configs, emulated: true, ownsCentral: true, ...(opts.logger ? { logger: opts.logger } : {}) });
  const get = (id: string) => {
    const die = dice.get(id);
    if (!die) throw new RangeError(`no emulated die "${id}"`);
    return die;
  };
  const control: EmulatedDiceControl = {
    async roll(id, face) {
      get(id).roll(face);
    },
    async disconnect(id) {
      get(id).disconnect();
    },
    async reconnect(id) {
      get(id).reconnect();
    },
    lights: (id) => get(id).lights,
  };
  return {
    source,
    control,
    async close() {
      await source.stop();
      await hci.dispose();
    },
  };
}
