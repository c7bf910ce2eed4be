/**
 * The pads as a `DeviceSource`: one HID link and one decoder per configured pad, `button.pressed` readings,
 * health per pad (`missing` until plugged, `unavailable` when node-hid cannot load, `misconfigured`).
 */
import { systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { ReopeningLinkOptions } from "../common/reopening-link.ts";
import { HidLink } from "../hid/hid-link.ts";
import type { HidBackend, HidMatch } from "../hid/transport.ts";
import type { ButtonPressed, DeviceHealth, DeviceSource, Unsubscribe } from "../readings.ts";
import { PadDecoder, type PadLayout } from "./pad.ts";

export interface PadDevice extends PadLayout, HidMatch {
  readonly id: string;
}

/** What the pads share: the HID backend, and their links' clock, logger and backoff. */
export interface PadSourceDeps extends ReopeningLinkOptions {
  readonly backend: () => Promise<HidBackend>;
  readonly emulated?: boolean;
}

const padHealth = (
  id: string,
  emulated: boolean,
  status: string,
  message?: string,
  lastSeen?: number,
  commands?: readonly string[],
): DeviceHealth => ({
  id,
  kind: "pad",
  family: "hid-pad",
  connected: status === "connected",
  status,
  emulated,
  ...(message !== undefined ? { message } : {}),
  ...(lastSeen !== undefined ? { lastSeen } : {}),
  ...(commands !== undefined ? { commands } : {}),
});

interface RunningPad {
  readonly id: string;
  readonly link: HidLink | null;
  health: DeviceHealth;
}

/** A pad that could not be configured: it only shows why. */
export interface BrokenPad {
  readonly id: string;
  readonly problem: string;
}

export function padSource(pads: readonly (PadDevice | BrokenPad)[], deps: PadSourceDeps): DeviceSource {
  const clock = deps.clock ?? systemClock;
  const emulated = deps.emulated === true;
  const readings = new Listeners<ButtonPressed>();
  const healthListeners = new Listeners<DeviceHealth>();
  const offs: Unsubscribe[] = [];
  const running: RunningPad[] = pads.map((pad) => {
    if ("problem" in pad) return { id: pad.id, link: null, health: padHealth(pad.id, emulated, "misconfigured", pad.problem) };
    let decoder: PadDecoder;
    try {
      decoder = new PadDecoder(pad);
    } catch (e) {
      return { id: pad.id, link: null, health: padHealth(pad.id, emulated, "misconfigured", `Pad ${pad.id}: ${(e as Error).message}.`) };
    }
    const { backend, logger, initialBackoffMs, maxBackoffMs } = deps;
    const link = new HidLink({ match: pad, backend, clock, logger, initialBackoffMs, maxBackoffMs });
    const commands = pad.buttons.map((b) => b.command);
    const entry: RunningPad = { id: pad.id, link, health: padHealth(pad.id, emulated, "connecting", undefined, undefined, commands) };
    offs.push(
      link.onData((report) => {
        const now = clock.now();
        entry.health = { ...entry.health, lastSeen: now };
        const { commands, rejected } = decoder.feed(report, now);
        if (rejected) deps.logger?.debug({ pad: pad.id, length: report.length }, "hid-pad: report too short, dropped");
        for (const command of commands) readings.emit({ type: "button.pressed", deviceId: pad.id, command, at: now });
      }),
      link.onState((s) => {
        entry.health = padHealth(pad.id, emulated, s.status, s.message, entry.health.lastSeen, commands);
        healthListeners.emit(entry.health);
      }),
    );
    return entry;
  });
  return {
    async start() {
      await Promise.all(running.map((p) => p.link?.start()));
    },
    async stop() {
      await Promise.all(running.map((p) => p.link?.stop()));
      for (const off of offs.splice(0)) off();
    },
    onReading: (listener) => readings.add(listener),
    onHealth: (listener) => healthListeners.add(listener),
    health: () => running.map((p) => p.health),
  };
}
