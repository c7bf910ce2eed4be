/**
 * The demo's dice through the real Bluetooth stack: the same emulated Pixels and GoDice as
 * {@link createEmulatedDice}, heard by an emulated HCI controller on a pty pair (socat), and read by the
 * unmodified noble over its UART driver behind our adapter — `npm start -- --sim hci`.
 */
import { createNobleCentral } from "../ble/noble-adapter.ts";
import { systemClock } from "../common/clock.ts";
import { createDiceSource, type DiceSource } from "../dice/source.ts";
import { diceControl, type EmulatedDiceControl, type EmulatedDiceOptions, emulatedDice } from "./ble/emulated-dice.ts";
import { plugHciController } from "./hci/hci-uart.ts";

/** Emulated dice over HCI and noble. Rejects when socat is missing (the caller shows that as a health problem). */
export async function createHciEmulatedDice(
  opts: Omit<EmulatedDiceOptions, "clock" | "advertOnly">,
): Promise<{ source: DiceSource; control: EmulatedDiceControl; close(): Promise<void> }> {
  const { dice, configs } = emulatedDice(opts, systemClock);
  // Room for all the demo dice (a Pi's own radio holds about 7: see docs/devices-dice.md).
  const hci = await plugHciController({ name: "demo-hci", linkLimit: 10 });
  for (const die of dice.values()) hci.controller.add(die);
  const central = createNobleCentral({ binding: { kind: "uart", port: hci.hostPath }, ...(opts.logger ? { logger: opts.logger } : {}) });
  const source = createDiceSource({ central, configs, emulated: true, ownsCentral: true, ...(opts.logger ? { logger: opts.logger } : {}) });
  const control = diceControl(dice);
  return {
    source,
    control,
    async close() {
      await source.stop();
      await hci.dispose();
    },
  };
}
