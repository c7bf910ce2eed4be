/**
 * The session as a reducer: `step(work, input, env)` takes the working state, one input (a device reading, a
 * request from /control or the API) and what the step may read (the game so far, the devices' health, the clock)
 * and returns the next working state, the status of its draft and the effects to run, as data: commit an action,
 * commit an undo, save a snapshot, turn the dial, raise a notice, show a ship, push the view. It runs nothing
 * itself; the table session (`table-session.ts`) is the interpreter that runs the effects, in order.
 */
import type { DieRolled, Reading, ShipSeen } from "../../devices/readings.ts";
import type { TableState, WindView } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { SessionSnapshot } from "../store/records.ts";
import { type Assigning, dieRequest, tagRequest, touchReading } from "./assigning.ts";
import { bindingProblem } from "./bindings.ts";
import { pickedAnswer } from "./choices.ts";
import { dieRoll, refuseDie } from "./dice-gather.ts";
import { manualRolls, softwareRolls } from "./dice-input.ts";
import { actionTitle, type Draft, type DraftStatus, draftStatus, isPhaseRoll, nextDraft } from "./draft.ts";
import { editedDraft, phaseAdvanced, pressedChoice, startedDraft, tappedDraft } from "./draft-edits.ts";
import { answerChoice } from "./follow-ups.ts";
import { sighted } from "./positions.ts";
import { afterResolved, afterUndone, foldRecords, resolveDraft } from "./resolve.ts";
import type { Effect, GameSoFar, Notice, SessionInput, StepEnv, StepResult } from "./session-types.ts";

export type { Effect, GameSoFar, SessionInput, StepEnv, StepResult } from "./session-types.ts";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The button box's commands, as inputs. */
const BUTTONS: Readonly<Record<string, SessionInput>> = {
  confirm: { type: "confirm" },
  undo: { type: "undo" },
  "next-phase": { type: "next-phase" },
  cancel: { type: "cancel" },
  roll: { type: "software-roll" },
  "next-choice": { type: "next-choice" },
  "prev-choice": { type: "next-choice", back: true },
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

/** An action someone has started to set up: a field chosen (a ship tapped, a value given) or a die in. */
const begun = (d: Draft): boolean => d.rolls.length > 0 || Object.keys(d.values).length > 0;

/**
 * One input: the next working state, its draft's status and the effects to run. Changes nothing it is given; what
 * it reads besides its arguments comes through `env` (the clock, the dice, the next sequence number, the odds memo).
 */
export function step(work: SessionSnapshot, input: SessionInput, env: StepEnv): StepResult {
  const run = new Run(work, env);
  const result = run.input(input);
  return { work: run.work, status: run.status(run.work.draft), effects: run.effects, result };
}

/** The state of one step while it runs. */
class Run {
  readonly work: Mutable<SessionSnapshot>;
  readonly effects: Effect[] = [];
  readonly #env: StepEnv;
  #game: GameSoFar;
  /** The last status computed, with what it was computed from: a draft's status is computed once per step. */
  #memo: { draft: Draft | null; game: TableState; players: unknown; bindings: unknown; phase: number; status: DraftStatus | null };

  constructor(work: SessionSnapshot, env: StepEnv) {
    this.work = { ...work };
    this.#env = env;
    this.#game = env.game;
    const { draft, players, bindings, phase } = work;
    this.#memo = { draft, game: env.game.state, players, bindings, phase, status: env.status };
  }

  status(draft: Draft | null): DraftStatus | null {
    const m = this.#memo;
    const { players, bindings, phase } = this.work;
    // the phase decides the draft's outside-phase note
    if (m.draft === draft && m.game === this.#game.state && m.players === players && m.bindings === bindings && m.phase === phase)
      return m.status;
    const { rs, health, odds } = this.#env;
    const status = draftStatus(draft, { rs, state: this.#game.state, work: this.work, health, odds });
    this.#memo = { draft, game: this.#game.state, players, bindings, phase, status };
    return status;
  }

  input(i: SessionInput): Result<null> {
    const w = this.work;
    const { rs } = this.#env;
    switch (i.type) {
      case "reading":
        this.#reading(i.reading);
        this.effects.push({ kind: "push" });
        return ok(null);
      case "announce":
        this.#notice("warn", i.text);
        this.effects.push({ kind: "push" });
        return ok(null);
      case "tap":
        return this.#tap(i.ship);
      case "edit":
        return this.#setDraft(editedDraft(rs, w, i.actionType, i.values));
      case "next-choice": {
        const next = pressedChoice(rs, w, this.status(w.draft), i.back === true);
        if (!next.ok) return next;
        Object.assign(w, next.value);
        return this.#afterDraftChange();
      }
      case "start":
        return this.#setDraft(startedDraft(rs, this.#game.state, w.followUps, i.action));
      case "dice": {
        const st = this.status(w.draft);
        if (!w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "values");
        const rolls = manualRolls(st, i.values, this.#env.now());
        if (!rolls.ok) return rolls;
        w.draft = { ...w.draft, rolls: [...w.draft.rolls, ...rolls.value] };
        return this.#afterDraftChange();
      }
      case "software-roll": {
        const st = this.status(w.draft);
        if (!w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "");
        const rolls = softwareRolls(st, this.#env.randomFace, this.#env.now());
        w.draft = { ...w.draft, rolls: [...w.draft.rolls, ...rolls] };
        return this.#afterDraftChange(true);
      }
      case "choose": {
        const answer = answerChoice(w.followUps, i.value);
        if (!answer.ok) return answer;
        w.followUps = answer.value.followUps;
        this.#unpick();
        return this.#setDraft(ok(answer.value.draft));
      }
      case "confirm": {
        // the option of the rules' choice the pad shows: Confirm answers with it
        const head = w.followUps[0];
        if (head?.kind === "choose" && typeof w.picking === "number")
          return this.input({ type: "choose", value: pickedAnswer(head.choice, w.picking) });
        // a choice the pad was cycling: Confirm keeps it, and the pad moves on to the next choice wanted
        if (w.draft?.choosing !== undefined) {
          const { choosing: _kept, ...draft } = w.draft;
          return this.#setDraft(ok(draft));
        }
        const st = this.status(w.draft);
        if (!st?.plan || !st.gathered) return fail("action.none", st?.instruction ?? "Nothing to confirm.", "");
        if (st.ready) return this.#resolve(st);
        if (st.mode === "software") return this.input({ type: "software-roll" });
        return fail("dice.count", st.instruction, "");
      }
      case "cancel": {
        const head = w.followUps[0];
        if (head) this.#notice("warn", `Skipped: ${head.purpose}.`);
        w.followUps = w.followUps.slice(1);
        this.#unpick();
        w.draft = nextDraft(rs.actions, w.followUps);
        if (!head) this.#restoreAside();
        return this.#changed();
      }
      case "undo":
        return this.#undo();
      case "next-phase":
        return this.#nextPhase();
      case "player":
        if (!(i.side in w.players))
          return fail("input.invalid", `There is no side "${i.side}" (sides: ${Object.keys(w.players).join(", ")}).`, "side");
        w.players = { ...w.players, [i.side]: i.mode };
        return this.#changed();
      case "bind": {
        const problem = bindingProblem(i.binding, this.#env.health, Object.keys(w.players));
        if (problem) return problem;
        w.bindings = [...w.bindings.filter((b) => b.die !== i.binding.die), i.binding];
        return this.#changed();
      }
      case "assign":
        return this.#assign(i.assigning);
      case "unbind":
        if (!w.bindings.some((b) => b.die === i.die)) return fail("binding.unknown", `Die "${i.die}" has no binding.`, "die");
        w.bindings = w.bindings.filter((b) => b.die !== i.die);
        return this.#changed();
    }
  }

  /**
   * A tap on a ship shows its log. While a phase's own roll waits (initiative, wind: no ships to tap), the first tap
   * only shows the ship; a second ship tapped while the first is shown starts the table's firing action between
   * them, and the phase's roll is set aside, said on the display, and comes back when that action is done.
   */
  #tap(ship: string): Result<null> {
    const w = this.work;
    const { rs } = this.#env;
    if (!this.#game.state.ships.some((s) => s.id === ship)) return fail("ship.unknown", `There is no ship "${ship}".`, "ship");
    const shown = w.focus;
    w.focus = ship;
    this.effects.push({ kind: "focus", ship });
    const held = w.draft;
    if (held && isPhaseRoll(rs.actions, held, w.followUps)) {
      if (shown === null || shown === ship) return this.#changed();
      const first = tappedDraft(rs, held, w.followUps, shown);
      const both = first && tappedDraft(rs, first, w.followUps, ship);
      if (!both || both.type === held.type) return this.#changed();
      w.aside = held;
      w.draft = both;
      this.#notice("info", `${actionTitle(rs, held.type)}: set aside for this action; it comes back when the action is done or cancelled.`);
      return this.#changed();
    }
    w.draft = tappedDraft(rs, held, w.followUps, ship);
    return this.#changed();
  }

  /** The phase's roll set aside by a tap comes back (after the action it made way for, or when that is cancelled). */
  #restoreAside(): void {
    const w = this.work;
    if (!w.aside || w.followUps.length > 0) return;
    w.draft = w.aside;
    w.aside = null;
  }

  /** Starts (or stops) waiting for a ship's tag or a die to bind. */
  #assign(a: Assigning | null): Result<null> {
    const w = this.work;
    const checked =
      a === null ? ok(null) : a.kind === "tag" ? tagRequest(a.ship, this.#game.state.ships) : dieRequest(a.binding, Object.keys(w.players));
    if (!checked.ok) return checked;
    w.assigning = checked.value;
    return this.#changed();
  }

  /** While the table is set up by touch: the tag read goes to the ship waiting, the die rolled takes the binding. */
  #assigned(r: Reading): boolean {
    const w = this.work;
    const { rs, tags, health } = this.#env;
    const touch = touchReading(w.assigning ?? null, r, {
      tags,
      names: () => rs.shipViews(this.#game.state),
      bindings: w.bindings,
      health,
      sides: Object.keys(w.players),
    });
    if (!touch) return false;
    if (touch.kind === "refused") {
      this.#notice("warn", touch.text);
      return true;
    }
    if (touch.tag) this.effects.push({ kind: "tag", ...touch.tag });
    if (touch.binding) w.bindings = [...w.bindings, touch.binding];
    w.assigning = null;
    this.#notice("info", touch.text);
    this.#changed();
    return true;
  }

  /** A device reading: a tag taps its ship, a die's roll joins the draft, a button runs its command. */
  #reading(r: Reading): void {
    if (this.work.assigning && this.#assigned(r)) return;
    if (r.type === "tag.arrived") {
      const ship = this.#env.tags[r.uid.toUpperCase()] ?? this.#game.state.ships.find((s) => s.id === r.text)?.id;
      if (!ship) this.#notice("warn", `Tag ${r.uid} on ${r.readerId} is not on any ship of this table.`);
      else this.input({ type: "tap", ship });
    } else if (r.type === "ship.seen") {
      this.#seen(r);
    } else if (r.type === "die.rolled") {
      this.#die(r);
    } else if (r.type === "die.roll-lost") {
      const which = r.color ? `the ${r.color} die (${r.dieId})` : `die ${r.dieId}`;
      this.#notice("warn", `Roll ${which} again: its last roll was lost (${r.reason}).`);
    } else if (r.type === "button.pressed") {
      const command = BUTTONS[r.command];
      const done = command ? this.input(command) : fail("input.invalid", `The button command "${r.command}" is unknown.`, "command");
      if (!done.ok) this.#notice("warn", done.error.message);
    }
  }

  /** A ship seen on the table: its latest position kept; saved and shown when it moved (not for a camera's jitter). */
  #seen(r: ShipSeen): void {
    const next = sighted(
      this.work.positions,
      r,
      this.#game.state.ships.map((s) => s.id),
    );
    if (!next) return;
    this.work.positions = next.positions;
    if (next.changed) this.#changed();
  }

  /** A die's reading: refused (wrong moment, wrong side, not needed for this roll) with a notice, or added to the draft. */
  #die(r: DieRolled): void {
    const w = this.work;
    const binding = w.bindings.find((b) => b.die === r.dieId);
    const refused = refuseDie(r, this.status(w.draft), binding);
    if (refused || !w.draft) {
      this.#notice("info", refused ?? "No action is waiting for dice.");
      return;
    }
    const roll = dieRoll(r, binding);
    const next = { ...w.draft, rolls: [...w.draft.rolls, roll] };
    if (this.status(next)?.gathered?.unused.includes(roll)) {
      this.#notice("info", `Die ${r.dieId} (${r.face}): not needed for this roll — ignored.`);
      return;
    }
    w.draft = next;
    this.#afterDraftChange();
  }

  #setDraft(draft: Result<Draft>): Result<null> {
    if (!draft.ok) return draft;
    this.work.draft = draft.value;
    return this.#afterDraftChange();
  }

  /** After the draft changed: resolve when the dice are in (dice actions at once; no-dice ones if not from the table). */
  #afterDraftChange(force = false): Result<null> {
    const draft = this.work.draft;
    const st = this.status(draft);
    if (st?.ready && st.plan && draft && (force || st.plan.length > 0 || draft.origin !== "table")) return this.#resolve(st);
    return this.#changed();
  }

  #resolve(st: DraftStatus): Result<null> {
    const { rs } = this.#env;
    const before = this.#game;
    const r = resolveDraft(rs, before.state, st, this.#env.nextSeq(), this.#env.now());
    if (!r.ok) {
      this.#notice("warn", r.error.message);
      this.effects.push({ kind: "push" });
      return r;
    }
    const record = { ...r.value.record, waiting: this.work.followUps };
    Object.assign(this.work, afterResolved(rs.actions, this.work, record.followUps, st.action.type), { lastUndo: null });
    this.#unpick();
    this.#restoreAside();
    this.#game = { ...before, records: [...before.records, record], state: r.value.state };
    this.effects.push({ kind: "commit-action", record, state: r.value.state, snapshot: { ...this.work } });
    this.#windAfter(before.state);
    this.effects.push({ kind: "push" });
    return ok(null);
  }

  #undo(): Result<null> {
    const before = this.#game;
    const last = before.records.at(-1);
    if (!last) return fail("undo.nothing", "There is nothing to undo.", "");
    const records = before.records.slice(0, -1);
    const state = foldRecords(this.#env.rs, before.initial, records);
    this.#game = { ...before, records, state };
    Object.assign(this.work, afterUndone(this.#env.rs.actions, this.work.draft, last.waiting));
    this.#unpick();
    this.work.lastUndo = { seq: last.seq, description: last.description, at: this.#env.now() };
    const snapshot = { ...this.work };
    this.effects.push({ kind: "commit-undo", seq: last.seq, at: this.#env.now(), description: last.description, state, snapshot });
    this.#windAfter(before.state);
    this.effects.push({ kind: "push" });
    return ok(null);
  }

  /** Moves to the next phase; the phase being left may end with rolls (Sole Bay: fires after movement), set up as an action. */
  #nextPhase(): Result<null> {
    const { rs } = this.#env;
    const w = this.work;
    const endAction = rs.phaseEndActions?.[w.phase] ?? null;
    if (endAction && w.followUps.length > 0) return fail("action.follow-up", `First: ${w.followUps[0]?.purpose}.`, "");
    const next = phaseAdvanced(rs, w);
    if (!next.ok) return next;
    // the phase order wrapping round starts a new turn; a phase's own roll set aside belongs to the phase left
    if (next.value.phase <= w.phase) w.turn = (w.turn ?? 1) + 1;
    // what the move puts away is said, never dropped silently: an action set up (ships chosen, dice in), a roll set aside
    const replaced = endAction !== null || next.value.draft !== w.draft;
    const left = [...(replaced && w.draft && begun(w.draft) ? [w.draft] : []), ...(w.aside ? [w.aside] : [])];
    if (left.length > 0) {
      const what = left.map((d) => actionTitle(rs, d.type)).join(" and ");
      this.#notice(
        "warn",
        `Next phase: ${what} put away unresolved. ${left.length > 1 ? "Set them up again if they are" : "Set it up again if it is"} still to be played.`,
      );
    }
    w.phase = next.value.phase;
    w.draft = next.value.draft;
    w.aside = null;
    if (!endAction) return this.#changed();
    const started = this.input({ type: "start", action: { type: endAction } });
    if (started.ok) return started;
    // the phase has moved all the same: show it, then say why its rolls could not be set up
    this.#changed();
    return started;
  }

  /** The dial turns when the step changed the wind as the rule set shows it (direction, label, strength, warning). */
  #windAfter(before: TableState): void {
    const { rs } = this.#env;
    const wind = rs.windView(this.#game.state);
    if (!sameWind(rs.windView(before), wind)) this.effects.push({ kind: "dial", wind });
  }

  /** The option the pad showed belongs to the choice at the head: gone with it. */
  #unpick(): void {
    delete this.work.picking;
  }

  #changed(): Result<null> {
    this.effects.push({ kind: "save", snapshot: { ...this.work } }, { kind: "push" });
    return ok(null);
  }

  #notice(level: Notice["level"], text: string): void {
    this.effects.push({ kind: "notice", notice: { at: this.#env.now(), level, text } });
  }
}
