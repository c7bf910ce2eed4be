/**
 * What a GoDice's notifications mean for its link (dice-ble §2): `R` marks a roll under way, `S` ends it with a
 * vector read through the configured shell; `FS`/`MS` are not rolls, `TS` (tilt stable) asks for a re-roll;
 * battery, colour and charging are answers. Until setup ends (the init window) an `S` with no `R` before it is the
 * die's undocumented answer to init, saying where it lies: not a roll.
 */
import { toHex } from "../../ble/seam.ts";
import type { RollWatch } from "../roll-watch.ts";
import type { SessionSink } from "../session.ts";
import { decodeGoDiceMessage, type GoDiceMessage } from "./messages.ts";
import { type GoDiceShell, goDiceFace } from "./shells.ts";

/** The answers a die gives when asked (battery, colour) or of its own (charging): never a roll. */
const ANSWERS = ["Bat", "Col", "Char"].map((w) => [...w].map((c) => c.charCodeAt(0)));

/** Whether a message's first bytes (at least one) are those of an answer: what is left of a garbled answer. */
export function beginsAsAnswer(bytes: Uint8Array): boolean {
  const head = [...bytes.subarray(0, 4)];
  return head.length > 0 && ANSWERS.some((a) => head.every((b, i) => i >= a.length || a[i] === b));
}

/** One connection's reading of a GoDice's notifications. */
export class GoDiceReports {
  /** Until setup ends: an `S` with no `R` before it is the die's answer to init. */
  #initWindow = true;
  #rolling = false;
  #lastStable: string | null = null;
  /** Called on an answer to a request (battery, colour): setup waits for the first. */
  onAnswer: (() => void) | null = null;

  constructor(
    private readonly sink: SessionSink,
    private readonly watch: RollWatch,
    private readonly shell: GoDiceShell,
  ) {}

  /** Setup has ended: from now on every `S` is a roll's end. */
  closeInitWindow(): void {
    this.#initWindow = false;
  }

  /** One notification from the die. */
  handle(bytes: Uint8Array): void {
    const decoded = decodeGoDiceMessage(bytes);
    if (!decoded.ok) {
      this.sink.rejected(bytes, decoded.error);
      // Once connected, a garbled message may have been a roll's `S`, even just after a request (issue 27: a roll
      // whose `R` was lost and whose `S` came garbled within 2 s of the battery request at connect was taken for the
      // garbled answer, and lost silently). What is left of it says which: one that still begins as an answer
      // (`Bat`, `Col`, `Char`) is one; any other is watched, and with no `S` after it the roll is announced.
      if (!this.#initWindow && !beginsAsAnswer(bytes)) this.watch.garbled();
      return;
    }
    const m = decoded.value;
    switch (m.type) {
      case "rollStart":
        this.#rolling = true;
        this.watch.moving();
        this.sink.observe({ state: "rolling", face: null, via: "notify" });
        return;
      case "stable":
        this.#stable(m, bytes);
        return;
      case "battery":
        this.onAnswer?.();
        this.sink.battery(m.level);
        return;
      case "color":
        this.onAnswer?.();
        this.sink.color(m.color);
        return;
      case "charging":
        this.sink.notice(m.charging ? "charging" : "charging stopped");
        return;
      default:
        return;
    }
  }

  #stable(m: Extract<GoDiceMessage, { type: "stable" }>, bytes: Uint8Array): void {
    this.watch.settled();
    const face = goDiceFace(this.shell, m.x, m.y, m.z);
    const raw = toHex(bytes);
    const repeated = raw === this.#lastStable; // the very same bytes again: a resent notification, not a new rest
    this.#lastStable = raw;
    const wasRolling = this.#rolling;
    this.#rolling = false;
    if (m.kind !== "S") {
      this.sink.observe({ state: m.kind === "TS" ? "crooked" : "handling", face, via: "notify" });
      return;
    }
    // An `S` during setup with no `R` before it (an answer to init, undocumented) says where the die lies.
    if (!wasRolling && this.#initWindow) {
      this.sink.observe({ state: "onFace", face, via: "sync" });
      return;
    }
    // Otherwise an `S` ends a roll even when its `R` was lost: real readings are never bit-identical, so new
    // bytes on the same face are a new roll, and the gate must see it start.
    if (!wasRolling && !repeated) this.sink.observe({ state: "rolling", face: null, via: "notify" });
    this.sink.observe({ state: "rolled", face, via: "notify" });
  }
}
