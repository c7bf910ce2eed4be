/**
 * Device trouble said out loud (issue 11 item 5): when a device that was connected drops out, or comes back, a
 * sentence for the display saying which one and what to do meanwhile; a device whose battery runs low, once. The composition root gives each health
 * report to a {@link DeviceWatch} and announces what it returns.
 */
import type { DeviceHealth } from "../devices/readings.ts";
import { derivedName } from "./devices.ts";

/** What a player is told when a device of this kind drops out: what stops working, and what to do meanwhile. */
function lostSentence(d: DeviceHealth): string {
  const name = nameOf(d);
  switch (d.kind) {
    case "die":
      return `${name} dropped out: it reconnects by itself. Meanwhile type its roll on the control page, or switch to software dice there.`;
    case "reader":
      return `${name} is gone: tags on it are not read. Check its cable; meanwhile choose the ships on the control page.`;
    case "pad":
      return `${name} is gone: use the control page for confirm, undo and the next phase.`;
    case "dial":
      return `${name} is gone: the wind is still shown on the display. Check its USB cable.`;
    case "adapter":
      return `${name} is gone: no die can connect through it. Type rolls on the control page, or switch to software dice.`;
    case "positions":
      return `${name} is gone: ranges and arcs are no longer measured. Measure on the table and give them on the control page.`;
  }
}

/**
 * The device as a sentence begins with it: its name (host/devices.ts gives every device one, "Wind dial", "Black
 * die"), or "the" before a name a person gave in lower case ("the black die with the chip").
 */
function nameOf(d: DeviceHealth): string {
  const name = d.name ?? derivedName(d);
  const the = /^(the|a|an)\b/i.test(name) || /^[A-Z0-9]/.test(name) ? name : `the ${name}`;
  return the.charAt(0).toUpperCase() + the.slice(1);
}

/** At or below this charge a device is said to be low (once, until it is charged above {@link CHARGED}). */
export const LOW_BATTERY = 15;
const CHARGED = 30;

const lowSentence = (d: DeviceHealth): string =>
  `${nameOf(d)} is low on battery (${d.battery} %): charge it after this game, or swap it for another now.`;

const backSentence = (d: DeviceHealth): string => `${nameOf(d)} is back.`;

/** A sentence about one device. */
export interface DeviceNotice {
  readonly device: string;
  readonly text: string;
}

/**
 * Follows the devices' health from report to report and says what changed: a drop-out (connected in the last report,
 * not now) and the return of a device that dropped out. Devices coming up for the first time say nothing: starting
 * up is not trouble.
 */
export class DeviceWatch {
  #connected = new Map<string, boolean>();
  readonly #lost = new Set<string>();
  readonly #low = new Set<string>();

  /** The sentences for this report (often none). */
  update(health: readonly DeviceHealth[]): string[] {
    return this.said(health).map((n) => n.text);
  }

  /**
   * The sentences for this report, each with the device it concerns: the display keeps a device's drop-out on its
   * line until the device is back.
   */
  said(health: readonly DeviceHealth[]): DeviceNotice[] {
    const out: DeviceNotice[] = [];
    for (const d of health) {
      const prev = this.#connected.get(d.id);
      if (prev === true && !d.connected) {
        this.#lost.add(d.id);
        out.push({ device: d.id, text: lostSentence(d) });
      } else if (prev === false && d.connected && this.#lost.delete(d.id)) {
        out.push({ device: d.id, text: backSentence(d) });
      }
      if (d.battery !== undefined && d.battery <= LOW_BATTERY && !this.#low.has(d.id)) {
        this.#low.add(d.id);
        out.push({ device: d.id, text: lowSentence(d) });
      } else if (d.battery !== undefined && d.battery >= CHARGED) this.#low.delete(d.id);
    }
    this.#connected = new Map(health.map((d) => [d.id, d.connected]));
    return out;
  }
}
