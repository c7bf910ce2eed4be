/**
 * Dice spread over several Bluetooth adapters: die k goes to adapter k mod N (in the table file's order), each
 * adapter gets its own central and dice source, and the table sees one source. Health ids of the adapters are
 * `ble:1`, `ble:2` … so the page says which one is down.
 */
import type { DeviceHealth, DeviceSource, DieLight, Reading } from "../readings.ts";

/** Die k of `configs` on adapter k mod `adapters`. */
export function spreadOver<T>(configs: readonly T[], adapters: number): T[][] {
  const groups: T[][] = Array.from({ length: Math.max(1, adapters) }, () => []);
  for (const [k, c] of configs.entries()) groups[k % groups.length]?.push(c);
  return groups;
}

/** One {@link DeviceSource} over several (start/stop together, readings and health from all). */
export function mergeSources(sources: readonly DeviceSource[]): DeviceSource {
  return {
    async start() {
      await Promise.all(sources.map((s) => s.start()));
    },
    async stop() {
      await Promise.all(sources.map((s) => s.stop()));
    },
    onReading(listener: (r: Reading) => void) {
      const offs = sources.map((s) => s.onReading(listener));
      return () => {
        for (const off of offs) off();
      };
    },
    onHealth(listener: (h: DeviceHealth) => void) {
      const offs = sources.map((s) => s.onHealth(listener));
      return () => {
        for (const off of offs) off();
      };
    },
    health: () => sources.flatMap((s) => s.health()),
    async identify(id: string) {
      for (const s of sources) if (s.health().some((h) => h.id === id)) return (await s.identify?.(id)) ?? false;
      return false;
    },
    async light(id: string, light: DieLight) {
      for (const s of sources) if (s.health().some((h) => h.id === id)) return (await s.light?.(id, light)) ?? false;
      return false;
    },
  };
}
