/**
 * The session as a reducer: `step(work, input, env)` takes the working state, one input (a device reading, a
 * request from /control or the API) and what the step may read (the game so far, the devices' health, the clock)
 * and returns the next working state, the status of its draft and the effects to run, as data: commit an action,
 * commit an undo, save a snapshot, turn the dial, raise a notice, show a ship, push the view. It runs nothing
 * itself; the table session (`table-session.ts`) is the interpreter that runs the effects, in order.
 *
 * This file dispatches the inputs, plays the inputs they raise after them (a tag's tap, a button's command: queued,
 * never re-entered) and keeps what every concern shares: the status memo, a die's roll (here, so that a die's path
 * stays short), resolving, the wind after. The other concerns are their own files: device readings other than a
 * die's roll (`step-reading.ts`), taps (`step-tap.ts`), phases (`step-phase.ts`), dice typed or rolled by the host
 * (`step-dice.ts`), the pad's answers (`step-pad.ts`), undo (`step-undo.ts`), players' dice, bindings and set-up by
 * touch (`step-setup.ts`); `step-run.ts` is what they see of the step.
 */

import type { DieRolled, Reading } from "../../devices/readings.ts";
import type { TableState, WindView } from "../../src/game/types.ts";
import { ok, type Result } from "../../src/result.ts";
import type { ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { dieNamer, dieRoll, refuseDie } from "./dice-gather.ts";
import { noSlotReason } from "./dice-no-slot.ts";
import { type Draft, type DraftStatus, draftStatus } from "./draft.ts";
import { editedDraft, startedDraft } from "./draft-edits.ts";
import { finishMove, type MoveRun, tappedToMove, watchMoves } from "./move-watch.ts";
import { type DieRefusal, refusalNotice } from "./refused-dice.ts";
import { resolveInStep } from "./resolve.ts";
import type { Effect, GameSoFar, Notice, SessionInput, StepEnv, StepResult } from "./session-types.ts";
import { softwareRoll, typedDice } from "./step-dice.ts";
import { commitEntry } from "./step-entry.ts";
import { cancel, choose, confirm, nextChoice } from "./step-pad.ts";
import { nextPhase } from "./step-phase.ts";
import { reading } from "./step-reading.ts";
import type { StatusMemo, WorkingState } from "./step-run.ts";
import { assign, assigned, bind, playerMode, unbind } from "./step-setup.ts";
import { restoreAside, tap } from "./step-tap.ts";
import { undo } from "./step-undo.ts";

export type { Effect, GameSoFar, SessionInput, StepEnv, StepResult } from "./session-types.ts";

/** What the dial and the display show of the wind: the dial turns when one of them changed. */
const WIND_SHOWN = ["system", "fromDegrees", "label", "strength", "pending"] as const;
const sameWind = (a: WindView | null, b: WindView | null): boolean =>
  a === b || (a !== null && b !== null && WIND_SHOWN.every((k) => a[k] === b[k]));

/**
 * One input: the next working state, its draft's status and the effects to run. Changes nothing it is given; what
 * it reads besides its arguments comes through `env` (the clock, the dice, the next sequence number, the odds memo).
 */
export function step(work: SessionSnapshot, input: SessionInput, env: StepEnv): StepResult {
  const run = new Run(work, env);
  // the move under way is logged before the phase's end is played (move-watch.ts)
  if (input.type === "next-phase" && work.moves) finishMove(run);
  const result = run.play(input);
  // a game's first step opens the watch (move-watch.ts), but a refused one changes nothing, the watch included
  const opening = run.work.moves === undefined && run.work.phase === work.phase;
  if ((run.work.moves !== null || run.work.phase !== work.phase) && (result.ok || !opening)) watchMoves(run, work);
  return { work: run.work, status: run.status(run.work.draft), effects: run.effects, result };
}

/** The state of one step while it runs. */
class Run implements MoveRun {
  readonly work: WorkingState;
  readonly effects: Effect[] = [];
  readonly env: StepEnv;
  #game: GameSoFar;
  /** Inputs raised by the one playing, to play after it (`play`). */
  readonly #raised: { input: SessionInput; refusal: "notice" | "answer" }[] = [];
  /** How a refusal of the input playing now is told: the first input's is the answer. */
  #playing: "notice" | "answer" = "answer";
  playedOn = 0;
  /** The last status computed, with what it was computed from: a draft's status is computed once per step. */
  #memo: StatusMemo;

  constructor(work: SessionSnapshot, env: StepEnv) {
    this.work = { ...work };
    // the store counts only what it has committed: two records in one step (a move logged, then the phase's end) each
    // take their own number
    let last = 0;
    this.env = { ...env, nextSeq: () => (last = Math.max(env.nextSeq(), last + 1)) };
    this.#game = env.game;
    const { draft, players, bindings, phase, positions } = work;
    this.#memo = { draft, game: env.game.state, players, bindings, phase, positions, starts: work.moves?.starts, status: env.status };
  }

  get game(): GameSoFar {
    return this.#game;
  }

  played(game: GameSoFar): void {
    this.#game = game;
  }

  status(draft: Draft | null): DraftStatus | null {
    const m = this.#memo;
    const { players, bindings, phase, positions } = this.work;
    // the phase decides the draft's outside-phase note; the ships' positions (and where their moves began) its
    // measured geometry
    const starts = this.work.moves?.starts;
    if (
      m.draft === draft &&
      m.game === this.#game.state &&
      m.players === players &&
      m.bindings === bindings &&
      m.phase === phase &&
      m.positions === positions &&
      m.starts === starts
    )
      return m.status;
    const { rs, health, odds, now, layout } = this.env;
    const table = { now: now(), ...(layout ? { layout } : {}) };
    const status = draftStatus(draft, { rs, state: this.#game.state, work: this.work, health, odds, table });
    this.#memo = { draft, game: this.#game.state, players, bindings, phase, positions, starts, status };
    return status;
  }

  /**
   * Plays `first`, then what it raised, in order (each may raise more): a tag's tap, a button's command, Confirm's
   * roll for a player on software dice. Each raised input runs after the one that raised it has finished, as an
   * input of its own, never inside it (xstate's `raise`). Its refusal is said as a notice, or — raised as the
   * answer — is the step's answer.
   */
  play(first: SessionInput): Result<null> {
    let answer = this.#input(first);
    for (let next = this.#raised.shift(); next; next = this.#raised.shift()) {
      this.#playing = next.refusal;
      const r = this.#input(next.input);
      if (r.ok) continue;
      if (next.refusal === "answer") answer = r;
      else this.notice("warn", r.error.message);
    }
    return answer;
  }

  raise(input: SessionInput, refusal: "notice" | "answer"): Result<null> {
    // what an input raised as a notice raises is said as a notice too: only the first input answers the caller
    this.#raised.push({ input, refusal: this.#playing === "notice" ? "notice" : refusal });
    return ok(null);
  }

  #input(i: SessionInput): Result<null> {
    const w = this.work;
    const { rs } = this.env;
    switch (i.type) {
      case "reading":
        this.#reading(i.reading);
        this.effects.push({ kind: "push" });
        return ok(null);
      case "announce":
        this.notice("warn", i.text, i.device);
        this.effects.push({ kind: "push" });
        return ok(null);
      case "tap":
        if (w.moves) tappedToMove(this, i.ship);
        return tap(this, i.ship);
      case "edit":
        return this.setDraft(editedDraft(rs, w, i.actionType, i.values));
      case "next-choice":
        return nextChoice(this, i.back === true);
      case "log":
        // the page the display shows is the server's (display preferences): the step only says the button was pressed
        this.effects.push({ kind: "log" }, { kind: "push" });
        return ok(null);
      case "start":
        return this.setDraft(startedDraft(rs, this.#game.state, w.followUps, i.action));
      case "dice":
        return typedDice(this, i.values);
      case "software-roll":
        return softwareRoll(this);
      case "choose":
        return choose(this, i.value);
      case "confirm":
        return confirm(this);
      case "cancel":
        return cancel(this);
      case "undo":
        return undo(this);
      case "next-phase":
        return nextPhase(this);
      case "player":
        return playerMode(this, i.side, i.mode);
      case "bind":
        return bind(this, i.binding);
      case "assign":
        return assign(this, i.assigning);
      case "unbind":
        return unbind(this, i.die);
    }
  }

  /** A device reading; a die's roll is taken here, so that a die's path stays short (ARCHITECTURE.md). */
  #reading(r: Reading): void {
    if (this.work.assigning && assigned(this, r)) return;
    if (r.type === "die.rolled") this.#die(r);
    else reading(this, r);
  }

  /** A die's reading: refused (wrong moment, wrong side, not needed for this roll) with a notice, or added to the draft. */
  #die(r: DieRolled): void {
    const w = this.work;
    const binding = w.bindings.find((b) => b.die === r.dieId);
    const st = this.status(w.draft);
    const nameOf = dieNamer(this.env.health);
    const refused = refuseDie(r, st, binding, w.players, nameOf);
    if (refused || !w.draft) {
      this.refused("info", refused ?? { die: `${nameOf(r)} (${r.face})`, why: "no action is waiting for dice" });
      return;
    }
    const roll = dieRoll(r, binding);
    const next = { ...w.draft, rolls: [...w.draft.rolls, roll] };
    // refused when it fits no open slot, or when taking one would leave a die already in without one
    const after = this.status(next)?.gathered?.unused ?? [];
    if (after.includes(roll) || after.length > (st?.gathered?.unused.length ?? 0)) {
      // nothing already rolled is lost: the draft keeps its dice, and the sentence says which die the roll waits for
      const why = st?.plan && st.gathered ? noSlotReason(roll, st.plan, st.gathered.missing) : null;
      this.refused(why ? "warn" : "info", { die: `${nameOf(r)} (${r.face})`, why: why ?? "not needed for this roll" });
      return;
    }
    w.draft = next;
    this.afterDraftChange();
  }

  restoreAside(): void {
    restoreAside(this);
  }

  setDraft(draft: Result<Draft>): Result<null> {
    if (!draft.ok) return draft;
    this.work.draft = draft.value;
    return this.afterDraftChange();
  }

  /** After the draft changed: resolve when the dice are in (dice actions at once; no-dice ones if not from the table). */
  afterDraftChange(force = false): Result<null> {
    const draft = this.work.draft;
    const st = this.status(draft);
    if (st?.ready && st.plan && draft && (force || st.plan.length > 0 || draft.origin !== "table")) return this.resolve(st);
    return this.changed();
  }

  resolve(st: DraftStatus): Result<null> {
    return resolveInStep(this, st);
  }

  commitEntry(record: ResolvedRecord, state: TableState): void {
    commitEntry(this, record, state);
  }

  /** The action ships tapped set up in the phase the table is in (`turn.ts`' `tapAction`, read once per session). */
  taps(): string | null {
    const { turn } = this.env;
    return turn.taps[this.work.phase] ?? turn.tapsElsewhere;
  }

  /** The dial turns when the step changed the wind as the rule set shows it (direction, label, strength, warning). */
  windAfter(before: TableState): void {
    const { rs } = this.env;
    const wind = rs.windView(this.#game.state);
    if (!sameWind(rs.windView(before), wind)) this.effects.push({ kind: "dial", wind });
  }

  unpick(): void {
    delete this.work.picking;
    delete this.work.ticked;
  }

  changed(): Result<null> {
    this.effects.push({ kind: "save", snapshot: { ...this.work } }, { kind: "push" });
    return ok(null);
  }

  refused(level: Notice["level"], r: DieRefusal): void {
    this.effects.push({ kind: "notice", notice: refusalNotice(this.env.now(), level, r) });
  }

  notice(level: Notice["level"], text: string, device?: string): void {
    this.effects.push({ kind: "notice", notice: { at: this.env.now(), level, text, ...(device ? { device } : {}) } });
  }
}
