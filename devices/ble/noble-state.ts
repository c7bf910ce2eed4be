/**
 * The adapter's state as the BLE seam gives it: noble's state names mapped to {@link BleCentralState} with a
 * reason people can act on, the words for it ({@link bluetoothStatus}), and the wait until the adapter is ready
 * or definitely not ({@link settleState}).
 */
import type { Clock } from "../common/clock.ts";
import type { Unsubscribe } from "../readings.ts";
import type { BleCentralState } from "./seam.ts";

/** "Bluetooth unavailable: <reason>" for unavailable/off states, null when ready. */
export function bluetoothStatus(state: BleCentralState): string | null {
  if (state.kind === "unavailable") return `Bluetooth unavailable: ${state.reason}`;
  if (state.kind === "off") return `Bluetooth is off: ${state.reason}`;
  if (state.kind === "starting") return "Bluetooth is starting";
  return null;
}

/** An error's message, with its system code in front when the message leaves it out (`EAFNOSUPPORT: …`). */
export function describeError(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return typeof code === "string" && !e.message.includes(code) ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}

/** noble's state name as the seam's state; `where` names the adapter in the reason. */
export function mapNobleState(s: string, where: string): BleCentralState {
  if (s === "poweredOn") return { kind: "ready" };
  if (s === "poweredOff") return { kind: "off", reason: "the adapter is powered off" };
  if (s === "unknown" || s === "resetting") return { kind: "starting" };
  if (s === "unauthorized") return { kind: "unavailable", reason: `no permission to use the adapter (${where}; see docs/devices-dice.md)` };
  if (s === "unsupported") return { kind: "unavailable", reason: `no Bluetooth LE adapter (${where} reports "unsupported")` };
  return { kind: "unavailable", reason: `the adapter reports "${s}"` };
}

/** How long a powered-off report may be followed by a truer one (noble on a socket without Bluetooth says off, then unsupported). */
export const OFF_GRACE_MS = 1000;

/** What {@link settleState} watches and may set. */
export interface SettleOptions {
  readonly clock: Clock;
  /** How long to wait for the adapter to say `poweredOn` before calling it unavailable. */
  readonly settleMs: number;
  /** The adapter's label, for the reason. */
  readonly where: string;
  readonly state: () => BleCentralState;
  readonly setState: (state: BleCentralState) => void;
  readonly onStateChange: (listener: (state: BleCentralState) => void) => Unsubscribe;
}

/**
 * Resolves once the adapter is ready or unavailable, or has stayed off for {@link OFF_GRACE_MS}; an adapter still
 * starting after `settleMs` is declared unavailable ("did not answer in time"). Never rejects.
 */
export function settleState(o: SettleOptions): Promise<BleCentralState> {
  const now = o.state();
  if (now.kind === "ready" || now.kind === "unavailable") return Promise.resolve(now);
  return new Promise<BleCentralState>((resolve) => {
    let grace: { cancel(): void } | null = null;
    const finish = () => {
      timer.cancel();
      grace?.cancel();
      off();
      resolve(o.state());
    };
    const timer = o.clock.after(o.settleMs, () => {
      if (o.state().kind === "starting") o.setState({ kind: "unavailable", reason: `the adapter (${o.where}) did not answer in time` });
      finish();
    });
    const watch = (s: BleCentralState) => {
      grace?.cancel();
      grace = null;
      if (s.kind === "ready" || s.kind === "unavailable") finish();
      else if (s.kind === "off") grace = o.clock.after(OFF_GRACE_MS, finish);
    };
    const off = o.onStateChange(watch);
    watch(o.state());
  });
}
