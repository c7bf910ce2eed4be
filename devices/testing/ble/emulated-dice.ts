/**
 * The dice's full driver stack over emulated BLE, for `--sim` and tests: a simulated roll goes through the same
 * decoder, roll gate and reconnect logic as a real one.
 */
import type { Logger } from "pino";
import type { Clock } from "../../common/clock.ts";
import type { DiceDeviceConfig } from "../../dice/config.ts";
import type { GoDiceShell } from "../../dice/godice/shells.ts";
import { createDiceSource, type DiceSource } from "../../dice/source.ts";
import type { DieLight, PhysicalDieKind } from "../../readings.ts";
import { EmulatedCentral } from "./central.ts";
import type { EmulatedBleDevice } from "./device.ts";
import { EmulatedGoDice } from "./godice-die.ts";
import { EmulatedPixelsDie } from "./pixels-die.ts";

export interface EmulatedDiceOptions {
  readonly pixels: ReadonlyArray<{ id: string; color?: string; kind?: PhysicalDieKind }>;
  readonly godice: ReadonlyArray<{ id: string; color?: string; shell?: string }>;
  readonly logger?: Logger;
  /** Pixels in advert-only mode (no connection). */
  readonly advertOnly?: boolean;
  /** Time for the emulators and drivers (default: the system clock). */
  readonly clock?: Clock;
}

export interface EmulatedDiceControl {
  /** Rolls a die onto `face` (as the die reports it). Unknown die or face: rejects with a RangeError. */
  roll(dieId: string, face: number): Promise<void>;
  /** The die goes out of range / off: link lost, no adverts. */
  disconnect(id: string): Promise<void>;
  /** The die is back; the driver finds and reconnects it (backoff from 1 s). */
  reconnect(id: string): Promise<void>;
  /** The lights the host showed on the die, oldest first. Unknown die: a RangeError. */
  lights(id: string): DieLight[];
}

/** Lets queued deliveries (microtasks) and any zero-delay timers run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const isShell = (s: string | undefined): s is GoDiceShell => ["d6", "d20", "d10", "d10x", "d4", "d8", "d12"].includes(s ?? "");

/** Emulated Pixels and GoDice behind the real drivers. Also returns the emulated devices (fault knobs) for tests. */
export async function createEmulatedDice(opts: EmulatedDiceOptions): Promise<{
  source: DiceSource;
  control: EmulatedDiceControl;
  central: EmulatedCentral;
  dice: ReadonlyMap<string, EmulatedBleDevice & { roll(face: number): void }>;
}> {
  const central = new EmulatedCentral(opts.clock ? { clock: opts.clock } : {});
  const { dice, configs } = emulatedDice(opts, central.clock);
  for (const die of dice.values()) central.add(die);
  const source = createDiceSource({
    central,
    configs,
    emulated: true,
    clock: central.clock,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const control = diceControl(dice, settle);
  return { source, control, central, dice };
}

/** The emulated dice `opts` names, by id, and the driver configs that find them (an unknown GoDice shell: a RangeError). */
export function emulatedDice(
  opts: Pick<EmulatedDiceOptions, "pixels" | "godice" | "advertOnly">,
  clock: Clock,
): { dice: Map<string, EmulatedPixelsDie | EmulatedGoDice>; configs: DiceDeviceConfig[] } {
  const dice = new Map<string, EmulatedPixelsDie | EmulatedGoDice>();
  const configs: DiceDeviceConfig[] = [];
  for (const p of opts.pixels) {
    const kind = p.kind ?? "d6";
    const die = new EmulatedPixelsDie({ id: p.id, kind, clock });
    dice.set(p.id, die);
    configs.push({
      family: "pixels",
      id: p.id,
      address: die.address,
      kind,
      ...(p.color ? { color: p.color } : {}),
      ...(opts.advertOnly ? { advertOnly: true } : {}),
    });
  }
  for (const g of opts.godice) {
    if (g.shell !== undefined && !isShell(g.shell)) throw new RangeError(`GoDice "${g.id}": unknown shell "${g.shell}"`);
    const shell = isShell(g.shell) ? g.shell : "d6";
    const die = new EmulatedGoDice({ id: g.id, shell, clock, ...(g.color ? { color: g.color } : {}) });
    dice.set(g.id, die);
    configs.push({ family: "godice", id: g.id, name: die.name, shell, ...(g.color ? { color: g.color } : {}) });
  }
  return { dice, configs };
}

/** The controls of `dice`, each roll, loss and return followed by `after` (letting its deliveries run). */
export function diceControl(
  dice: ReadonlyMap<string, EmulatedPixelsDie | EmulatedGoDice>,
  after: () => Promise<void> = async () => {},
): EmulatedDiceControl {
  const get = (id: string) => {
    const die = dice.get(id);
    if (!die) throw new RangeError(`no emulated die "${id}"`);
    return die;
  };
  return {
    async roll(dieId, face) {
      get(dieId).roll(face);
      await after();
    },
    async disconnect(id) {
      get(id).disconnect();
      await after();
    },
    async reconnect(id) {
      get(id).reconnect();
      await after();
    },
    lights: (id) => get(id).lights,
  };
}
