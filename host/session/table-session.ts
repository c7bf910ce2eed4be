/**
 * The table session: readings and requests become actions, actions become stored results. It holds the
 * game as resolved records over the starting state (the state is their events folded), the action being set
 * up with its gathered dice, the follow-ups the rules demand, the phase and the players' dice modes. Every
 * change is committed to the store before listeners hear of it.
 */

import type { DeviceHealth, Reading } from "../../devices/readings.ts";
import { applyEvents } from "../../src/game/engine.ts";
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { FollowUp, RuleSet, TableState, WindView } from "../../src/game/types.ts";
import type { TableSetup } from "../config/load.ts";
import type { Binding } from "../config/schema.ts";
import type { DiceMode, GameStore, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { dieRoll, manualRolls, refuseDie, softwareRolls } from "./dice-input.ts";
import { type Draft, defaultActionType, emptyDraft, phaseActionType, tapShip } from "./draft.ts";
import { type DraftStatus, draftStatus, OddsCache } from "./draft-status.ts";
import { answerChoice, nextDraft, restoreWork } from "./follow-ups.ts";
import { type Notice, NoticeBoard } from "./notices.ts";
import { resolveDraft } from "./resolve.ts";

export interface SessionDeps {
  readonly setup: TableSetup;
  readonly store: GameStore;
  readonly now: () => number;
  /** A uniformly random face 1..sides, for players on software dice. */
  readonly randomFace: (sides: number) => number;
  /** Current device health (dice colours, how many dice are at hand). */
  readonly deviceHealth: () => readonly DeviceHealth[];
}

/** What happened, for the live feed and the dial. */
export type SessionEvent =
  | { readonly type: "result"; readonly record: ResolvedRecord }
  | { readonly type: "undo"; readonly seq: number; readonly description: string }
  | { readonly type: "wind"; readonly wind: WindView | null }
  | { readonly type: "notice"; readonly notice: Notice }
  | { readonly type: "focus"; readonly ship: string };

export type SessionListener = (events: readonly SessionEvent[]) => void;

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
  readonly #initial: TableState;
  #records: ResolvedRecord[];
  #state: TableState;
  /** The working state the store snapshots: the action being set up, follow-ups, phase, players, bindings, focus. */
  #w: { -readonly [K in keyof SessionSnapshot]: SessionSnapshot[K] };
  #version = 0;
  #flushed = 0;
  readonly #notices = new NoticeBoard();
  readonly #odds = new OddsCache();
  readonly #listeners = new Set<SessionListener>();
  #pending: SessionEvent[] = [];

  private constructor(deps: SessionDeps, initial: TableState) {
    this.#deps = deps;
    this.rs = deps.setup.ruleset;
    this.setup = deps.setup;
    this.#initial = initial;
    const { records, snapshot } = deps.store.load();
    this.#records = records;
    this.#state = this.#fold(records);
    this.#w = { ...restoreWork(deps.setup, initial, snapshot) };
  }

  /** Opens a session over a store: a new game or the stored one, resumed exactly. */
  static open(deps: SessionDeps): Result<TableSession> {
    const initial = deps.setup.ruleset.parseState(deps.setup.start, deps.setup.data);
    if (!initial.ok) return initial;
    return ok(new TableSession(deps, initial.value));
  }

  get state(): TableState {
    return this.#state;
  }
  get records(): readonly ResolvedRecord[] {
    return this.#records;
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
    return this.#version;
  }
  get notices(): readonly Notice[] {
    return this.#notices.list();
  }

  windView(): WindView | null {
    return this.rs.windView(this.#state);
  }

  /** The action being set up, with plan, odds, gathered dice and instructions. */
  draftStatus(): DraftStatus | null {
    if (!this.#w.draft) return null;
    return draftStatus(this.rs, this.#state, this.#w.draft, {
      version: this.#records.length,
      odds: this.#odds,
      modeOf: (side) => (side ? (this.#w.players[side] ?? "electronic") : "electronic"),
      diceAtHand: (side) => this.#diceAtHand(side),
    });
  }

  onChange(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- inputs -------------------------------------------------------------------------------------------

  /** A device reading: a tag, a die, a button. */
  handleReading(r: Reading): void {
    if (r.type === "tag.arrived") {
      const ship = this.setup.tags[r.uid.toUpperCase()] ?? this.#state.ships.find((s) => s.id === r.text)?.id;
      if (!ship) this.#notice("warn", `Tag ${r.uid} on ${r.readerId} is not on any ship of this table.`);
      else this.tap(ship);
    } else if (r.type === "die.rolled") {
      this.#dieRolled(r);
    } else if (r.type === "button.pressed") {
      this.#button(r.command);
    }
    this.#flush();
  }

  /** A ship tapped (or clicked): shows its log and fills the next ship field of the action being set up. */
  tap(shipId: string): Result<null> {
    if (!this.#state.ships.some((s) => s.id === shipId)) return fail("ship.unknown", `There is no ship "${shipId}".`, "ship");
    this.#w.focus = shipId;
    this.#emit({ type: "focus", ship: shipId });
    let def = this.rs.actions.find((a) => a.type === this.#w.draft?.type);
    const fallback = defaultActionType(this.rs.actions);
    // A tap while the action has no ships to tap (the wind, initiative) starts the table's firing action.
    if (
      this.#w.followUps.length === 0 &&
      (this.#w.draft?.rolls.length ?? 0) === 0 &&
      !def?.fields.some((f) => f.type === "ship") &&
      fallback
    ) {
      this.#w.draft = emptyDraft(fallback);
      def = this.rs.actions.find((a) => a.type === fallback);
    }
    if (this.#w.draft && def && this.#w.followUps.length === 0) {
      const next = tapShip(this.#w.draft, def, shipId);
      if (next) this.#w.draft = next;
    }
    return this.#changed();
  }

  /** Chooses the action type and/or field values on /control (`values` merge into the draft). */
  editDraft(type: string | undefined, values: Readonly<Record<string, unknown>>): Result<null> {
    if (this.#w.followUps.length > 0) return fail("action.follow-up", "Finish the roll or choice the rules demand first.", "");
    const t = type ?? this.#w.draft?.type;
    if (!t || !this.rs.actions.some((a) => a.type === t)) return fail("rules.illegal", `${this.rs.id} has no action "${t}".`, "type");
    const keep = this.#w.draft && this.#w.draft.type === t ? this.#w.draft : emptyDraft(t);
    this.#w.draft = { ...keep, values: { ...keep.values, ...values } };
    return this.#afterDraftChange();
  }

  /** POST /api/actions: an action given whole; it resolves as soon as its dice are in (at once if none). */
  startAction(raw: unknown): Result<null> {
    if (typeof raw !== "object" || raw === null || typeof (raw as { type?: unknown }).type !== "string") {
      return fail("input.invalid", "action must be an object with a type.", "action");
    }
    const { type, ...values } = raw as { type: string };
    if (!this.rs.actions.some((a) => a.type === type)) {
      return fail(
        "rules.illegal",
        `${this.rs.id} has no action "${type}" (it has: ${this.rs.actions.map((a) => a.type).join(", ")}).`,
        "action.type",
      );
    }
    const parsed = this.rs.parseAction(this.#state, raw);
    if (!parsed.ok)
      return {
        ok: false,
        error: { ...parsed.error, path: parsed.error.path ? `action.${parsed.error.path.replace(/^action\.?/, "")}` : "action" },
      };
    const follow = this.#w.followUps[0];
    const origin = follow?.kind === "roll" && follow.action.type === type ? "follow-up" : "api";
    if (this.#w.followUps.length > 0 && origin === "api") return fail("action.follow-up", `First: ${follow?.purpose}.`, "action");
    this.#w.draft = { type, values, origin, purpose: follow?.purpose, rolls: [] };
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
    const last = this.#records[this.#records.length - 1];
    if (!last) return fail("undo.nothing", "There is nothing to undo.", "");
    const windBefore = JSON.stringify(this.windView());
    this.#records = this.#records.slice(0, -1);
    this.#state = this.#fold(this.#records);
    // the follow-ups waiting when the undone action was resolved come back (its own demand first, if it was one)
    this.#w.followUps = [...(last.waiting ?? [])];
    if (this.#w.followUps.length > 0 || this.#w.draft?.origin === "follow-up") {
      this.#w.draft = nextDraft(this.rs.actions, this.#w.followUps, this.#w.draft?.type);
    }
    this.#version++;
    this.#deps.store.commitUndo(last.seq, this.#deps.now(), this.#snapshot());
    this.#emit({ type: "undo", seq: last.seq, description: last.description });
    if (JSON.stringify(this.windView()) !== windBefore) this.#emit({ type: "wind", wind: this.windView() });
    this.#flush();
    return ok(null);
  }

  /** Moves to the next phase of the turn; a phase named after an action type (the wind phase) selects it. */
  nextPhase(): Result<null> {
    const n = this.rs.phases.length;
    if (n === 0) return fail("rules.illegal", `${this.rs.id} has no phases.`, "");
    this.#w.phase = (this.#w.phase + 1) % n;
    const match = phaseActionType(this.rs.actions, this.rs.phases[this.#w.phase]);
    if (match && this.#w.followUps.length === 0 && (this.#w.draft?.rolls.length ?? 0) === 0) this.#w.draft = emptyDraft(match);
    return this.#changed();
  }

  /** Switches how a player rolls, mid-game. */
  setPlayerMode(side: string, mode: DiceMode): Result<null> {
    if (!(side in this.#w.players))
      return fail("input.invalid", `There is no side "${side}" (sides: ${Object.keys(this.#w.players).join(", ")}).`, "side");
    this.#w.players = { ...this.#w.players, [side]: mode };
    return this.#changed();
  }

  /** Binds a die to roles/colours/side (replacing its binding). */
  bindDie(binding: Binding): Result<null> {
    this.#w.bindings = [...this.#w.bindings.filter((b) => b.die !== binding.die), binding];
    return this.#changed();
  }

  // ---- internals -----------------------------------------------------------------------------------------

  #fold(records: readonly ResolvedRecord[]): TableState {
    return records.reduce((s, r) => applyEvents(this.rs, s, r.events), this.#initial);
  }

  #diceAtHand(side: string | null): number {
    return this.#deps
      .deviceHealth()
      .filter((h) => h.kind === "die" && h.connected)
      .filter((h) => {
        const b = this.#w.bindings.find((x) => x.die === h.id);
        return !b?.side || side === null || b.side === side;
      }).length;
  }

  #dieRolled(r: Extract<Reading, { type: "die.rolled" }>): void {
    const st = this.draftStatus();
    const binding = this.#w.bindings.find((b) => b.die === r.dieId);
    const refused = refuseDie(r, st, binding);
    if (refused || !this.#w.draft) {
      this.#notice("info", refused ?? "No action is waiting for dice.");
      return;
    }
    const roll = dieRoll(r, binding, this.#deps.deviceHealth().find((h) => h.id === r.dieId)?.color);
    const before = this.#w.draft;
    this.#w.draft = { ...before, rolls: [...before.rolls, roll] };
    if (this.draftStatus()?.gathered?.unused.includes(roll)) {
      this.#w.draft = before;
      this.#notice("info", `Die ${r.dieId} (${r.face}): not needed for this roll — ignored.`);
      return;
    }
    this.#afterDraftChange();
  }

  #button(command: string): void {
    const run = BUTTONS[command];
    const r = run ? run(this) : fail("input.invalid", `The button command "${command}" is unknown.`, "command");
    if (!r.ok) this.#notice("warn", r.error.message);
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
    const r = resolveDraft(this.rs, this.#state, st, this.#deps.store.nextSeq(), this.#deps.now());
    if (!r.ok) {
      this.#notice("warn", r.error.message);
      this.#flush();
      return r;
    }
    const record = { ...r.value.record, waiting: this.#w.followUps };
    const state = r.value.state;
    const rest = this.#w.draft?.origin === "follow-up" ? this.#w.followUps.slice(1) : this.#w.followUps;
    this.#w.followUps = [...record.followUps, ...rest];
    this.#records = [...this.#records, record];
    this.#state = state;
    this.#w.draft = nextDraft(this.rs.actions, this.#w.followUps, st.action.type);
    this.#version++;
    this.#deps.store.commitAction(record, this.#snapshot());
    this.#emit({ type: "result", record });
    if (JSON.stringify(this.windView()) !== windBefore) this.#emit({ type: "wind", wind: this.windView() });
    this.#flush();
    return ok(null);
  }

  #snapshot(): SessionSnapshot {
    return { ...this.#w };
  }

  #changed(): Result<null> {
    this.#version++;
    this.#deps.store.saveSnapshot(this.#snapshot());
    this.#flush();
    return ok(null);
  }

  #notice(level: Notice["level"], text: string): void {
    const notice = { at: this.#deps.now(), level, text };
    this.#notices.add(notice);
    this.#version++;
    this.#emit({ type: "notice", notice });
  }

  #emit(e: SessionEvent): void {
    this.#pending.push(e);
  }

  /** Tells listeners of every change since the last flush (a new version, with or without events). */
  #flush(): void {
    if (this.#pending.length === 0 && this.#flushed === this.#version) return;
    this.#flushed = this.#version;
    const events = this.#pending;
    this.#pending = [];
    for (const l of this.#listeners) l(events);
  }
}
