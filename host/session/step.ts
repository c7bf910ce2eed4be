/**
 * The session as a reducer: `step(work, input, env)` takes the working state, one input (a device reading, a
 * request from /control or the API) and what the step may read (the game so far, the devices' health, the clock)
 * and returns the next working state, the status of its draft and the effects to run, as data: commit an action,
 * commit an undo, save a snapshot, turn the dial, raise a notice, show a ship, push the view. It runs nothing
 * itself; the table session (`table-session.ts`) is the interpreter that runs the effects, in order.
 *
 * This file dispatches the inputs and keeps what every concern shares: the status memo, a device reading and a
 * die's roll (here, so that a die's path stays short), resolving, undoing, the wind after. The other concerns are
 * their own files: taps (`step-tap.ts`), phases (`step-phase.ts`), dice typed or rolled by the host
 * (`step-dice.ts`), the pad's answers (`step-pad.ts`), players' dice, bindings and set-up by touch
 * (`step-setup.ts`); `step-run.ts` is what they see of the step.
 */

import type { DieRolled, Reading, ShipSeen } from "../../devices/readings.ts";
import type { TableState, WindView } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import { derivedName } from "../devices.ts";
import type { ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { dieNamer, dieRoll, noSlotReason, refuseDie } from "./dice-gather.ts";
import { type Draft, type DraftStatus, draftStatus, emptyDraft } from "./draft.ts";
import { editedDraft, startedDraft } from "./draft-edits.ts";
import { finishMove, type MoveRun, movedRecord, seenMoving, tappedToMove, watchMoves } from "./move-watch.ts";
import { offTable, sighted } from "./positions.ts";
import { type DieRefusal, refusalNotice } from "./refused-dice.ts";
import { afterResolved, afterUndone, foldRecords, resolveDraft } from "./resolve.ts";
import type { Effect, GameSoFar, Notice, SessionInput, StepEnv, StepResult } from "./session-types.ts";
import { softwareRoll, typedDice } from "./step-dice.ts";
import { cancel, choose, confirm, nextChoice } from "./step-pad.ts";
import { followState, nextPhase } from "./step-phase.ts";
import type { WorkingState } from "./step-run.ts";
import { assign, assigned, bind, playerMode, unbind } from "./step-setup.ts";
import { restoreAside, tap } from "./step-tap.ts";

export type { Effect, GameSoFar, SessionInput, StepEnv, StepResult } from "./session-types.ts";

/** The button box's commands, as inputs. */
const BUTTONS: Readonly<Record<string, SessionInput>> = {
  confirm: { type: "confirm" },
  undo: { type: "undo" },
  "next-phase": { type: "next-phase" },
  cancel: { type: "cancel" },
  roll: { type: "software-roll" },
  "next-choice": { type: "next-choice" },
  "prev-choice": { type: "next-choice", back: true },
  log: { type: "log" },
};

const sameWind = (a: WindView | null, b: WindView | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.system === b.system &&
    a.fromDegrees === b.fromDegrees &&
    a.label === b.label &&
    a.strength === b.strength &&
    a.pending === b.pending);

/**
 * One input: the next working state, its draft's status and the effects to run. Changes nothing it is given; what
 * it reads besides its arguments comes through `env` (the clock, the dice, the next sequence number, the odds memo).
 */
export function step(work: SessionSnapshot, input: SessionInput, env: StepEnv): StepResult {
  const run = new Run(work, env);
  // the move under way is logged before the phase's end is played (move-watch.ts)
  if (input.type === "next-phase" && work.moves) finishMove(run);
  const result = run.input(input);
  if (run.work.moves !== null || run.work.phase !== work.phase) watchMoves(run, work);
  return { work: run.work, status: run.status(run.work.draft), effects: run.effects, result };
}

/** The state of one step while it runs. */
class Run implements MoveRun {
  readonly work: WorkingState;
  readonly effects: Effect[] = [];
  readonly env: StepEnv;
  #game: GameSoFar;
  /** Turn steps played on their own in this step (a bound, should a rule set's turn loop). */
  #played = 0;
  /** The last status computed, with what it was computed from: a draft's status is computed once per step. */
  #memo: {
    draft: Draft | null;
    game: TableState;
    players: unknown;
    bindings: unknown;
    phase: number;
    positions: unknown;
    starts: unknown;
    status: DraftStatus | null;
  };

  constructor(work: SessionSnapshot, env: StepEnv) {
    this.work = { ...work };
    // the store counts only what it has committed: two records in one step (a move logged, then the phase's end) each
    // take their own number
    let last = 0;
    this.env = {
      ...env,
      nextSeq: () => {
        last = Math.max(env.nextSeq(), last + 1);
        return last;
      },
    };
    this.#game = env.game;
    const { draft, players, bindings, phase, positions } = work;
    this.#memo = { draft, game: env.game.state, players, bindings, phase, positions, starts: work.moves?.starts, status: env.status };
  }

  get game(): GameSoFar {
    return this.#game;
  }

  status(draft: Draft | null): DraftStatus | null {
    const m = this.#memo;
    const { players, bindings, phase, positions } = this.work;
    // the phase decides the draft's outside-phase note; the ships' positions its measured geometry
    if (
      m.draft === draft &&
      m.game === this.#game.state &&
      m.players === players &&
      m.bindings === bindings &&
      m.phase === phase &&
      m.positions === positions &&
      m.starts === this.work.moves?.starts
    )
      return m.status;
    const { rs, health, odds, now, layout } = this.env;
    const table = { now: now(), ...(layout ? { layout } : {}) };
    const status = draftStatus(draft, { rs, state: this.#game.state, work: this.work, health, odds, table });
    this.#memo = { draft, game: this.#game.state, players, bindings, phase, positions, starts: this.work.moves?.starts, status };
    return status;
  }

  input(i: SessionInput): Result<null> {
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
        return this.#undo();
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

  /** A device reading: a tag taps its ship, a die's roll joins the draft, a button runs its command. */
  #reading(r: Reading): void {
    if (this.work.assigning && assigned(this, r)) return;
    if (r.type === "tag.arrived") {
      const ship = this.env.tags[r.uid.toUpperCase()] ?? this.#game.state.ships.find((s) => s.id === r.text)?.id;
      const reader = this.env.health.find((h) => h.id === r.readerId)?.name ?? derivedName({ id: r.readerId, kind: "reader", family: "" });
      if (!ship) this.notice("warn", `Tag ${r.uid} (read by ${reader}) is not on any ship of this table.`);
      else this.input({ type: "tap", ship });
    } else if (r.type === "ship.seen") {
      this.#seen(r);
    } else if (r.type === "die.rolled") {
      this.#die(r);
    } else if (r.type === "die.roll-lost") {
      this.notice("warn", `Roll ${dieNamer(this.env.health)(r)} again: its last roll was lost (${r.reason}).`);
    } else if (r.type === "button.pressed") {
      const command = BUTTONS[r.command];
      const done = command ? this.input(command) : fail("input.invalid", `The button command "${r.command}" is unknown.`, "command");
      if (!done.ok) this.notice("warn", done.error.message);
    }
  }

  /** A ship seen on the table: its latest position kept; saved and shown when it moved (not for a camera's jitter). */
  #seen(r: ShipSeen): void {
    const ship = this.#game.state.ships.find((s) => s.id === r.ship);
    const off = ship ? offTable(r, ship.name, this.env.layout) : null;
    if (off) {
      this.notice("warn", off, r.sourceId);
      return;
    }
    const next = sighted(
      this.work.positions,
      r,
      this.#game.state.ships.map((s) => s.id),
    );
    if (!next) return;
    this.work.positions = next.positions;
    if (next.changed && this.work.moves) seenMoving(this, r.ship);
    if (next.changed) this.changed();
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
    const { rs } = this.env;
    const before = this.#game;
    const r = resolveDraft(rs, before.state, st, this.env.nextSeq(), this.env.now());
    if (!r.ok) {
      this.notice("warn", r.error.message);
      this.effects.push({ kind: "push" });
      return r;
    }
    const w = this.work;
    // her movement action resolved after she moved is her move's entry (move-watch.ts)
    const record = { ...(w.moves ? movedRecord(this, r.value.record) : r.value.record), waiting: w.followUps };
    const resolved = w.draft;
    Object.assign(w, afterResolved(rs.actions, w, record.followUps, this.#taps()), { lastUndo: null });
    this.unpick();
    this.#game = { ...before, records: [...before.records, record], state: r.value.state };
    // the table follows the turn and phase the state counts (if it counts either); a phase's roll set aside comes
    // back when nothing is owed
    if (rs.turnOf || rs.phaseOf) followState(this, true);
    if (w.aside) this.restoreAside();
    this.effects.push({ kind: "commit-action", record, state: r.value.state, snapshot: { ...w }, draft: resolved });
    this.#windAfter(before.state);
    this.effects.push({ kind: "push" });
    return this.#playOn();
  }

  /**
   * A record that answers no demand (a move logged, move-watch.ts): committed, the follow-ups it prompts first in the
   * queue; the draft is kept unless one is prompted or it was the logged move's own action.
   */
  commitEntry(record: ResolvedRecord, state: TableState): void {
    const { rs } = this.env;
    const w = this.work;
    const before = this.#game;
    const entry = { ...record, waiting: w.followUps };
    const d = w.draft;
    const own = d !== null && d.origin !== "follow-up" && d.type === record.action.type && d.rolls.length === 0;
    if (record.followUps.length > 0) {
      Object.assign(w, afterResolved(rs.actions, { draft: null, followUps: w.followUps }, record.followUps, this.#taps()));
      this.unpick();
    } else if (own) {
      const type = this.#taps();
      w.draft = type ? emptyDraft(type) : null;
    }
    w.lastUndo = null;
    this.#game = { ...before, records: [...before.records, entry], state };
    this.effects.push({ kind: "commit-action", record: entry, state, snapshot: { ...w }, draft: null });
    this.#windAfter(before.state);
  }

  /**
   * What the turn plays on its own after a resolution: the end of a phase or turn at the head of the queue, or the
   * opening of the phase now set up, when it needs no dice and nothing more from anyone.
   */
  #playOn(): Result<null> {
    const { turn } = this.env;
    const w = this.work;
    const d = w.draft;
    if (!d || d.rolls.length > 0 || this.#played > 8) return ok(null);
    const turnStep = d.origin === "follow-up" && turn.steps.has(d.type);
    const opening = d.origin !== "follow-up" && w.followUps.length === 0 && d.type === (turn.opens[w.phase] ?? null);
    if (!turnStep && !opening) return ok(null);
    const st = this.status(d);
    if (!st?.ready || st.plan?.length !== 0) return ok(null);
    this.#played += 1;
    return this.resolve(st);
  }

  #undo(): Result<null> {
    const before = this.#game;
    const last = before.records.at(-1);
    if (!last) return fail("undo.nothing", "There is nothing to undo.", "");
    const records = before.records.slice(0, -1);
    const state = foldRecords(this.env.rs, before.initial, records);
    this.#game = { ...before, records, state };
    const { rs } = this.env;
    Object.assign(this.work, afterUndone(rs.actions, this.work.draft, last.waiting, this.#taps()));
    this.unpick();
    if (rs.turnOf || rs.phaseOf) followState(this, false);
    // the next result takes the undone one's number: no gap that looks like a missing roll
    this.work.lastUndo = { seq: last.seq, number: before.records.length, description: last.description, at: this.env.now() };
    const snapshot = { ...this.work };
    this.effects.push({ kind: "commit-undo", seq: last.seq, at: this.env.now(), description: last.description, state, snapshot });
    this.#windAfter(before.state);
    this.effects.push({ kind: "push" });
    return ok(null);
  }

  /** The action ships tapped set up in the phase the table is in (`turn.ts`' `tapAction`, read once per session). */
  #taps(): string | null {
    const { turn } = this.env;
    return turn.taps[this.work.phase] ?? turn.tapsElsewhere;
  }

  /** The dial turns when the step changed the wind as the rule set shows it (direction, label, strength, warning). */
  #windAfter(before: TableState): void {
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

  /** A die not counted: a notice that later dice refused for the same reason join (refused-dice.ts). */
  refused(level: Notice["level"], r: DieRefusal): void {
    this.effects.push({ kind: "notice", notice: refusalNotice(this.env.now(), level, r) });
  }

  notice(level: Notice["level"], text: string, device?: string): void {
    this.effects.push({ kind: "notice", notice: { at: this.env.now(), level, text, ...(device ? { device } : {}) } });
  }
}
