/** Types of the pure /devices helpers in device-problems.js (for the unit and browser tests). */
interface DeviceLike {
  id: string;
  kind: string;
  family: string;
  connected: boolean;
  status: string;
  message?: string;
  battery?: number;
  emulated: boolean;
  color?: string;
}
export const LOW_BATTERY: number;
export function deviceKind(d: DeviceLike): string;
export function statusWords(d: DeviceLike): string;
export function problemOf(d: DeviceLike): { problem: string; remedy: string; detail?: string } | null;
export function summaryLine(devices: readonly DeviceLike[]): string;
