/**
 * A die that did not report, in a roll the table is waiting for. When an action waits for dice and some of a
 * throw's dice came in but fewer than were thrown, the missing one may have had every message lost in the air —
 * no driver can see that. So once the dice of a throw have settled (no new one for `SILENT_DIE_MS`) and fewer
 * arrived than the throw should have brought (the dice still needed, at most the dice at hand), the table says
 * so: "The black die did not report: roll it again or type it." A roll the table is not waiting for cannot be
 * told from no roll at all and is not announced (docs/host.md, "Lost rolls").
 */
import type { Clock, TimerHandle } from "../devices/common/clock.ts";
import type { DieRolled } from "../devices/readings.ts";
import { rollInstruction } from "./session/dice-gather.ts";
import type { DraftStatus } from "./session/draft.ts";

/** After the last die of a throw came in, how long the others have to report before the silence is announced. */
export const SILENT_DIE_MS = 5_000;

/** What the watch needs to know of the action waiting for dice. */
export interface ThrowView {
  /** Dice the action still needs. */
  readonly missing: number;
  /** Connected electronic dice the roller can throw. */
  readonly atHand: number;
  /** The missing dice by name ("the black die", "3 dice"). */
  readonly name: string;
  /** Whether this reading was placed in the action (a die not needed, or refused, is not part of the throw). */
  placed(r: DieRolled): boolean;
  /** How many actions the game had resolved when the view was taken: a throw whose action resolved is over. */
  readonly resolved: number;
}

/** The throw view of a draft status, or null when no action waits for dice. */
export function throwViewOf(status: DraftStatus | null, atHand: (roller: string | null) => number, resolved = 0): ThrowView | null {
  const g = status?.gathered;
  if (!status?.plan || !g) return null;
  return {
    missing: g.missing.reduce((a, b) => a + b, 0),
    atHand: atHand(status.roller),
    name: rollInstruction(status.plan, g.missing, 0).replace(/^roll /, ""),
    placed: (r) => g.placed.some((p) => p.from.source === "die" && p.from.dieId === r.dieId && p.from.at === r.at),
    resolved,
  };
}

/** The notice for `silent` dice that did not report, of `view.missing` still needed. */
export function silenceNotice(silent: number, view: Pick<ThrowView, "missing" | "name">): string {
  const them = silent === 1 ? "it" : "them";
  const who = silent === view.missing ? view.name : silent === 1 ? "a die" : `${silent} dice`;
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} did not report: roll ${them} again or type ${them}.`;
}

export interface SilentDiceOptions {
  readonly clock: Clock;
  /** The action waiting for dice now, or null. */
  readonly view: () => ThrowView | null;
  readonly announce: (text: string) => void;
  readonly boundMs?: number;
}

export class SilentDiceWatch {
  #throw: { expected: number; arrived: number; resolved: number } | null = null;
  #timer: TimerHandle | null = null;

  constructor(private readonly o: SilentDiceOptions) {}

  /** A die's reading reached the table (after the session took it, or not). */
  dieRolled(r: DieRolled): void {
    const v = this.o.view();
    if (!v?.placed(r)) return;
    // the first die of a throw: the throw should bring what was still needed before it, as far as the dice at hand go
    this.#throw ??= { expected: Math.min(v.missing + 1, v.atHand), arrived: 0, resolved: v.resolved };
    this.#throw.arrived += 1;
    this.#timer?.cancel();
    this.#timer = this.o.clock.after(this.o.boundMs ?? SILENT_DIE_MS, () => this.#settled());
  }

  close(): void {
    this.#timer?.cancel();
    this.#timer = null;
    this.#throw = null;
  }

  #settled(): void {
    const t = this.#throw;
    this.#throw = null;
    this.#timer = null;
    const v = this.o.view();
    // the throw's action resolved (its last die came in; the roll now waiting is another one): nothing is missing
    if (!t || !v || v.missing === 0 || v.resolved !== t.resolved) return;
    const silent = Math.min(t.expected - t.arrived, v.missing);
    if (silent > 0) this.o.announce(silenceNotice(silent, v));
  }
}
