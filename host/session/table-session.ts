/**
 * The table session: readings and requests become actions, actions become stored results. It holds the
 * game as resolved records over the starting state (the state is their events folded), the action being set
 * up with its gathered dice, the follow-ups the rules demand, the phase and the players' dice modes. Every
 * change is committed to the store before listeners hear of it.
 */

import type { Reading } from "../../devices/readings.ts";
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { FollowUp, RuleSet, TableState, WindView } from "../../src/game/types.ts";
import type { TableSetup } from "../config/load.ts";
import type { Binding } from "../config/schema.ts";
import type { DiceMode, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { bindingProblem } from "./bindings.ts";
import { manualRolls, softwareRolls } from "./dice-input.ts";
import { diceAtHand, takeDie } from "./dice-intake.ts";
import type { Draft } from "./draft.ts";
import { editedDraft, phaseAdvanced, startedDraft, tappedDraft } from "./draft-edits.ts";
import { type DraftStatus, draftStatus, OddsCache } from "./draft-status.ts";
import { afterResolved, afterUndone, answerChoice, nextDraft, restoreWork } from "./follow-ups.ts";
import { GameHistory } from "./game-history.ts";
import type { Notice } from "./notices.ts";
import { rebuiltNotice, rebuiltWork } from "./rebuilt-work.ts";
import { resolveDraft } from "./resolve.ts";
import { SessionFeed } from "./session-feed.ts";
import type { SessionDeps, SessionListener } from "./session-types.ts";

export type { SessionDeps, SessionEvent, SessionListener } from "./session-types.ts";

/** What the button box's commands do. */
const BUTTONS: Readonly<Record<string, (s: TableSession) => Result<null>>> = {
  confirm: (s) => s.confirm(),
  undo: (s) => s.undo(),
  "next-phase": (s) => s.nextPhase(),
  cancel: (s) => s.cancel(),
  roll: (s) => s.softwareRoll(),
};

export class TableSession {
  readonly rs: RuleSet;
  readonly setup: TableSetup;
  readonly #deps: SessionDeps;
  readonly #history: GameHistory;
  /** The working state the store snapshots: the action being set up, follow-ups, phase, players, bindings, focus. */
  #w: { -readonly [K in keyof SessionSnapshot]: SessionSnapshot[K] };
  readonly #feed = new SessionFeed();
  readonly #odds = new OddsCache();

  private constructor(deps: SessionDeps, initial: TableState) {
    this.#deps = deps;
    this.rs = deps.setup.ruleset;
    this.setup = deps.setup;
    const { records, snapshot, snapshotProblem } = deps.store.load();
    this.#history = new GameHistory(this.rs, initial, records);
    this.#w = { ...restoreWork(deps.setup, initial, snapshot) };
    if (snapshotProblem !== undefined) {
      this.#w = { ...rebuiltWork(deps.setup, initial, this.#history.records) };
      deps.store.saveSnapshot(this.#snapshot());
      this.#notice("warn", rebuiltNotice(snapshotProblem, this.#history.records.length));
    }
  }

  /** Opens a session over a store: a new game or the stored one, resumed exactly. */
  static open(deps: SessionDeps): Result<TableSession> {
    const initial = deps.setup.ruleset.parseState(deps.setup.start, deps.setup.data);
    if (!initial.ok) return initial;
    return ok(new TableSession(deps, initial.value));
  }

  get state(): TableState {
    return this.#history.state;
  }
  get records(): readonly ResolvedRecord[] {
    return this.#history.records;
  }
  get draft(): Draft | null {
    return this.#w.draft;
  }
  get followUps(): readonly FollowUp[] {
    return this.#w.followUps;
  }
  /** Phase index, players' dice modes, die bindings, the ship on show. */
  get work(): SessionSnapshot {
    return this.#w;
  }
  get version(): number {
    return this.#feed.version;
  }
  get notices(): readonly Notice[] {
    return this.#feed.notices;
  }

  windView(): WindView | null {
    return this.rs.windView(this.state);
  }

  /** The action being set up, with plan, odds, gathered dice and instructions. */
  draftStatus(): DraftStatus | null {
    return this.#statusOf(this.#w.draft);
  }

  onChange(listener: SessionListener): () => void {
    return this.#feed.onChange(listener);
  }

  // ---- inputs -------------------------------------------------------------------------------------------

  /** A device reading: a tag, a die, a button. */
  handleReading(r: Reading): void {
    if (r.type === "tag.arrived") {
      const ship = this.setup.tags[r.uid.toUpperCase()] ?? this.state.ships.find((s) => s.id === r.text)?.id;
      if (!ship) this.#notice("warn", `Tag ${r.uid} on ${r.readerId} is not on any ship of this table.`);
      else this.tap(ship);
    } else if (r.type === "die.rolled") {
      const binding = this.#w.bindings.find((b) => b.die === r.dieId);
      const taken = takeDie(
        r,
        this.#w.draft,
        binding,
        () => this.#deps.deviceHealth(),
        (d) => this.#statusOf(d),
      );
      if ("ignored" in taken) this.#notice("info", taken.ignored);
      else {
        this.#w.draft = taken.draft;
        this.#afterDraftChange();
      }
    } else if (r.type === "die.roll-lost") {
      const which = r.color ? `the ${r.color} die (${r.dieId})` : `die ${r.dieId}`;
      this.#notice("warn", `Roll ${which} again: its last roll was lost (${r.reason}).`);
    } else if (r.type === "button.pressed") {
      const run = BUTTONS[r.command];
      const done = run ? run(this) : fail("input.invalid", `The button command "${r.command}" is unknown.`, "command");
      if (!done.ok) this.#notice("warn", done.error.message);
    }
    this.#feed.flush();
  }

  /** A warning from around the rules (a die that did not report), shown like the session's own notices. */
  announce(text: string): void {
    this.#notice("warn", text);
    this.#feed.flush();
  }

  /** A ship tapped (or clicked): shows its log and fills the next ship field of the action being set up. */
  tap(shipId: string): Result<null> {
    if (!this.state.ships.some((s) => s.id === shipId)) return fail("ship.unknown", `There is no ship "${shipId}".`, "ship");
    this.#w.focus = shipId;
    this.#feed.emit({ type: "focus", ship: shipId });
    this.#w.draft = tappedDraft(this.rs, this.#w.draft, this.#w.followUps, shipId);
    return this.#changed();
  }

  /** Chooses the action type and/or field values on /control (`values` merge into the draft). */
  editDraft(type: string | undefined, values: Readonly<Record<string, unknown>>): Result<null> {
    const draft = editedDraft(this.rs, this.#w, type, values);
    if (!draft.ok) return draft;
    this.#w.draft = draft.value;
    return this.#afterDraftChange();
  }

  /** POST /api/actions: an action given whole; it resolves as soon as its dice are in (at once if none). */
  startAction(raw: unknown): Result<null> {
    const draft = startedDraft(this.rs, this.state, this.#w.followUps, raw);
    if (!draft.ok) return draft;
    this.#w.draft = draft.value;
    return this.#afterDraftChange();
  }

  /** Dice typed in (manual entry): values as the plan reads them, for the dice still missing, in plan order. */
  enterDice(values: readonly unknown[]): Result<null> {
    const st = this.draftStatus();
    if (!this.#w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "values");
    const rolls = manualRolls(st, values, this.#deps.now());
    if (!rolls.ok) return rolls;
    this.#w.draft = { ...this.#w.draft, rolls: [...this.#w.draft.rolls, ...rolls.value] };
    return this.#afterDraftChange();
  }

  /** Rolls the missing dice in software (a player without electronic dice). */
  softwareRoll(): Result<null> {
    const st = this.draftStatus();
    if (!this.#w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "");
    const rolls = softwareRolls(st, this.#deps.randomFace, this.#deps.now());
    this.#w.draft = { ...this.#w.draft, rolls: [...this.#w.draft.rolls, ...rolls] };
    return this.#afterDraftChange(true);
  }

  /** Answers the `choose` follow-up at the head of the queue. */
  choose(value: unknown): Result<null> {
    const answer = answerChoice(this.#w.followUps, value);
    if (!answer.ok) return answer;
    this.#w.draft = answer.value.draft;
    this.#w.followUps = answer.value.followUps;
    return this.#afterDraftChange();
  }

  /** Confirms: resolves an action that needs no dice, or rolls in software for a player on software dice. */
  confirm(): Result<null> {
    const st = this.draftStatus();
    if (!st?.plan || !st.gathered) return fail("action.none", st?.instruction ?? "Nothing to confirm.", "");
    if (st.ready) return this.#resolve(st);
    if (st.mode === "software") return this.softwareRoll();
    return fail("dice.count", st.instruction, "");
  }

  /** Drops the action being set up (a demanded follow-up is dropped too, with a notice). */
  cancel(): Result<null> {
    const head = this.#w.followUps[0];
    if (head) this.#notice("warn", `Skipped: ${head.purpose}.`);
    this.#w.followUps = this.#w.followUps.slice(1);
    this.#w.draft = nextDraft(this.rs.actions, this.#w.followUps);
    return this.#changed();
  }

  /** Undoes the last resolved action: ship logs, wind and dial go back. */
  undo(): Result<null> {
    const last = this.#history.last;
    if (!last) return fail("undo.nothing", "There is nothing to undo.", "");
    const windBefore = JSON.stringify(this.windView());
    this.#history.pop();
    Object.assign(this.#w, afterUndone(this.rs.actions, this.#w.draft, last.waiting));
    this.#feed.bump();
    this.#deps.store.commitUndo(last.seq, this.#deps.now(), this.#snapshot());
    this.#feed.emit({ type: "undo", seq: last.seq, description: last.description });
    this.#emitWindIfChanged(windBefore);
    this.#feed.flush();
    return ok(null);
  }

  /** Moves to the next phase of the turn; a phase named after an action type (the wind phase) selects it. */
  nextPhase(): Result<null> {
    // the phase being left may end with rolls (Sole Bay: fires and fireships after movement): resolved as an action
    const endAction = this.rs.phaseEndActions?.[this.#w.phase] ?? null;
    if (endAction && this.#w.followUps.length > 0) {
      return fail("action.follow-up", `First: ${this.#w.followUps[0]?.purpose}.`, "");
    }
    const next = phaseAdvanced(this.rs, this.#w);
    if (!next.ok) return next;
    this.#w.phase = next.value.phase;
    this.#w.draft = next.value.draft;
    if (endAction) {
      const started = this.startAction({ type: endAction });
      if (started.ok) return started;
      // the phase has moved all the same: show it, then say why its rolls could not be set up
      this.#changed();
      return started;
    }
    return this.#changed();
  }

  /** Switches how a player rolls, mid-game. */
  setPlayerMode(side: string, mode: DiceMode): Result<null> {
    if (!(side in this.#w.players))
      return fail("input.invalid", `There is no side "${side}" (sides: ${Object.keys(this.#w.players).join(", ")}).`, "side");
    this.#w.players = { ...this.#w.players, [side]: mode };
    return this.#changed();
  }

  /** Binds one of the table's dice to roles/colours/side (replacing its binding); unknown dice and sides are refused. */
  bindDie(binding: Binding): Result<null> {
    const problem = bindingProblem(binding, this.#deps.deviceHealth(), Object.keys(this.#w.players));
    if (problem) return problem;
    this.#w.bindings = [...this.#w.bindings.filter((b) => b.die !== binding.die), binding];
    return this.#changed();
  }

  /** Removes a die's binding (the die then serves any role, colour and side). */
  unbindDie(die: string): Result<null> {
    if (!this.#w.bindings.some((b) => b.die === die)) return fail("binding.unknown", `Die "${die}" has no binding.`, "die");
    this.#w.bindings = this.#w.bindings.filter((b) => b.die !== die);
    return this.#changed();
  }

  // ---- internals -----------------------------------------------------------------------------------------

  #statusOf(draft: Draft | null): DraftStatus | null {
    if (!draft) return null;
    return draftStatus(this.rs, this.state, draft, {
      odds: this.#odds,
      modeOf: (side) => (side ? (this.#w.players[side] ?? "electronic") : "electronic"),
      diceAtHand: (side) => diceAtHand(this.#deps.deviceHealth(), this.#w.bindings, side),
    });
  }

  /** After the draft changed: resolve when the dice are in (dice actions at once; no-dice ones if not from the table). */
  #afterDraftChange(force = false): Result<null> {
    const st = this.draftStatus();
    if (st?.ready && st.plan && this.#w.draft && (force || st.plan.length > 0 || this.#w.draft.origin !== "table"))
      return this.#resolve(st);
    return this.#changed();
  }

  #resolve(st: DraftStatus): Result<null> {
    const windBefore = JSON.stringify(this.windView());
    const r = resolveDraft(this.rs, this.state, st, this.#deps.store.nextSeq(), this.#deps.now());
    if (!r.ok) {
      this.#notice("warn", r.error.message);
      this.#feed.flush();
      return r;
    }
    const record = { ...r.value.record, waiting: this.#w.followUps };
    Object.assign(this.#w, afterResolved(this.rs.actions, this.#w, record.followUps, st.action.type));
    this.#history.push(record, r.value.state);
    this.#feed.bump();
    this.#deps.store.commitAction(record, this.#snapshot());
    this.#feed.emit({ type: "result", record });
    this.#emitWindIfChanged(windBefore);
    this.#feed.flush();
    return ok(null);
  }

  #emitWindIfChanged(windBefore: string): void {
    if (JSON.stringify(this.windView()) !== windBefore) this.#feed.emit({ type: "wind", wind: this.windView() });
  }

  #snapshot(): SessionSnapshot {
    return { ...this.#w };
  }

  #changed(): Result<null> {
    this.#feed.bump();
    this.#deps.store.saveSnapshot(this.#snapshot());
    this.#feed.flush();
    return ok(null);
  }

  #notice(level: Notice["level"], text: string): void {
    this.#feed.notice({ at: this.#deps.now(), level, text });
  }
}
