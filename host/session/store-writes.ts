/**
 * The session's writes, run before anything of a step is kept or shown (issue 27: nothing is shown that was not
 * stored). A step's store effects go to the store first, in order; the first that fails stops them, and the session
 * then keeps the dice and says what is wrong instead of showing the result. The words for the display are here.
 */
import type { GameStore } from "../store/records.ts";
import { writeProblemOf } from "../store/write-problem.ts";
import type { Effect } from "./session-types.ts";

/** A write the store refused: the commit it kept from the log (if any), and the sentence for the display. */
export interface Unwritten {
  /** The action's or undo's commit left unwritten (the refused write or one after it), or null: only working state. */
  readonly commit: Extract<Effect, { kind: "commit-action" | "commit-undo" }> | null;
  readonly text: string;
  /** The store's own message, for the log. */
  readonly detail: string;
}

/** What a person does once the file takes writes again, by what was refused. */
const AGAIN: Partial<Record<Effect["kind"], string>> = { "commit-action": "press confirm", "commit-undo": "press undo again" };

/** The sentence for a store error: "The game file cannot be written: the disk is full. Nothing is lost; free space and press confirm." */
export function unwritableText(error: unknown, kind: Effect["kind"] | "start"): { text: string; detail: string } {
  const p = writeProblemOf(error);
  const again = kind === "start" ? "; no result is kept until then" : AGAIN[kind] ? ` and ${AGAIN[kind]}` : "";
  return { text: `The game file cannot be written: ${p.reason}. Nothing is lost; ${p.remedy}${again}.`, detail: p.detail };
}

/** Runs the step's store effects in order; the first refused stops them and is returned (null: all written). */
export function writeEffects(store: GameStore, effects: readonly Effect[]): Unwritten | null {
  for (const [i, e] of effects.entries()) {
    try {
      if (e.kind === "commit-action") store.commitAction(e.record, e.snapshot);
      else if (e.kind === "commit-undo") store.commitUndo(e.seq, e.at, e.snapshot);
      else if (e.kind === "save") store.saveSnapshot(e.snapshot);
      else if (e.kind === "tag") store.assignTag(e.uid, e.ship);
      else if (e.kind === "marker") store.assignMarker(e.ship, e.marker);
    } catch (error) {
      const commit = effects.slice(i).find((x) => x.kind === "commit-action" || x.kind === "commit-undo") ?? null;
      return { commit: commit as Unwritten["commit"], ...unwritableText(error, commit?.kind ?? e.kind) };
    }
  }
  return null;
}

/**
 * Whether the game file refuses writes, as the session says it: the sentence on the display (said once, again only
 * when the reason changes), the store's message to `onProblem` (health), and "play on" once writes go through again.
 */
export class FileTrouble {
  /** The display's sentence while the file refuses writes, or null. */
  problem: string | null = null;
  readonly #say: (level: "warn" | "info", text: string) => void;
  readonly #onProblem: ((detail: string) => void) | undefined;

  constructor(say: (level: "warn" | "info", text: string) => void, onProblem?: (detail: string) => void) {
    this.#say = say;
    this.#onProblem = onProblem;
  }

  /** The file refuses writes. */
  failed(text: string, detail: string): void {
    if (this.problem === text) return;
    this.problem = text;
    this.#onProblem?.(detail);
    this.#say("warn", text);
  }

  /** A store error, said for what was being written (`kind`). */
  refused(error: unknown, kind: Effect["kind"] | "start"): void {
    const { text, detail } = unwritableText(error, kind);
    this.failed(text, detail);
  }

  /** Writes go through again. */
  back(): void {
    if (this.problem === null) return;
    this.problem = null;
    this.#say("info", "The game file can be written again: play on.");
  }

  /** A person's own write (a binding, a player's dice mode) brought to the disk before the table answers. */
  sync(store: GameStore): void {
    try {
      store.sync();
      this.back();
    } catch (e) {
      this.refused(e, "save");
    }
  }
}
