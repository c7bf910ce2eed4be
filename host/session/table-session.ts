/**
 * The table session: the interpreter of {@link step}. Each reading or request is one step over the working state;
 * the session runs the step's effects in order — commits to the store, keeps the game and the notices, and tells
 * its listeners (the composition root turns the dial and pushes the view) — so every change is committed before
 * listeners hear of it. It holds the game as resolved records over the starting state, the working state (the
 * action being set up with its gathered dice, the follow-ups the rules demand, the phase, the players' dice modes,
 * bindings, the ship on show) and its draft's status, computed once per step.
 */

import type { Reading } from "../../devices/readings.ts";
import type { FollowUp, RuleSet, TableState, WindView } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { TableSetup } from "../config/load.ts";
import type { Binding } from "../config/schema.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { DiceMode, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import type { Assigning } from "./assigning.ts";
import { type Draft, type DraftStatus, diceAtHand, draftStatus, OddsCache } from "./draft.ts";
import { restoreWork } from "./follow-ups.ts";
import { rebuiltNotice, rebuiltWork } from "./rebuilt-work.ts";
import { foldRecords } from "./resolve.ts";
import type { Notice, SessionDeps, SessionEvent, SessionListener } from "./session-types.ts";
import { type Effect, type GameSoFar, type SessionInput, step } from "./step.ts";
import { type Unwritten, unwritableText, writeEffects } from "./store-writes.ts";
import { statePhase, stateTurn } from "./turn.ts";

export type { SessionDeps, SessionEvent, SessionListener } from "./session-types.ts";

/** Inputs that are a person's own write to the game file (not a roll): on the disk when the table answers. */
const DURABLE: ReadonlySet<SessionInput["type"]> = new Set(["bind", "unbind", "player"]);

/** How many notices the session keeps (the display shows the newest). */
const NOTICES_KEPT = 12;

export class TableSession {
  readonly rs: RuleSet;
  readonly setup: TableSetup;
  readonly #deps: SessionDeps;
  #game: GameSoFar;
  #work: SessionSnapshot;
  #tags: Readonly<Record<string, string>>;
  #status: DraftStatus | null;
  readonly #odds = new OddsCache();
  // the change feed: a version that grows with every change, notices, and the events waiting to be told
  #version = 0;
  #flushed = 0;
  #pending: SessionEvent[] = [];
  /** The last notices, newest last. */
  #notices: readonly Notice[] = [];
  readonly #listeners = new Set<SessionListener>();
  /** Why the game file refuses writes (the display's sentence), or null; and the commit refused, to make once it can. */
  #storeProblem: string | null = null;
  #unrecorded: "commit-action" | "commit-undo" | null = null;

  private constructor(deps: SessionDeps, initial: TableState) {
    this.#deps = deps;
    this.rs = deps.setup.ruleset;
    this.setup = deps.setup;
    this.#tags = deps.setup.tags;
    const { records, snapshot, snapshotProblem } = deps.store.load();
    this.#game = { initial, records, state: foldRecords(this.rs, initial, records) };
    this.#work = restoreWork(deps.setup, initial, snapshot);
    if (snapshotProblem !== undefined) {
      this.#work = rebuiltWork(deps.setup, initial, records);
      deps.store.saveSnapshot(this.#work);
      this.#notice({ at: deps.now(), level: "warn", text: rebuiltNotice(snapshotProblem, records.length) });
    }
    // a working state from before turns were counted, or rebuilt afresh: the turn (and phase) the rule set's state counts
    const turn = stateTurn(this.rs, this.#game.state);
    const phase = statePhase(this.rs, this.#game.state);
    if (turn !== null && this.#work.turn !== turn) this.#work = { ...this.#work, turn, ...(phase !== null ? { phase } : {}) };
    // the file is tried at once: a table that cannot keep results says so before the first roll
    try {
      deps.store.probe(true);
    } catch (e) {
      const { text, detail } = unwritableText(e, "start");
      this.#storeFailed(text, detail);
    }
    const { rs } = this;
    this.#status = draftStatus(this.#work.draft, {
      rs,
      state: this.#game.state,
      work: this.#work,
      health: deps.deviceHealth(),
      odds: this.#odds,
      table: this.#measuring(),
    });
  }

  /** What the draft's geometry is measured with: the time now (do positions still hold?) and the playing area. */
  #measuring(): { now: number; layout?: TableLayout } {
    const layout = this.setup.table;
    return { now: this.#deps.now(), ...(layout ? { layout } : {}) };
  }

  /** Opens a session over a store: a new game or the stored one, resumed exactly. */
  static open(deps: SessionDeps): Result<TableSession> {
    const initial = deps.setup.ruleset.parseState(deps.setup.start, deps.setup.data);
    if (!initial.ok) return initial;
    return ok(new TableSession(deps, initial.value));
  }

  get state(): TableState {
    return this.#game.state;
  }
  get records(): readonly ResolvedRecord[] {
    return this.#game.records;
  }
  get draft(): Draft | null {
    return this.#work.draft;
  }
  get followUps(): readonly FollowUp[] {
    return this.#work.followUps;
  }
  /** Phase index, players' dice modes, die bindings, the ship on show. */
  get work(): SessionSnapshot {
    return this.#work;
  }
  /** Grows with every change (and every notice). */
  /** Tag UIDs (upper-case hex) → ship ids: the set-up's, with those given to ships at the table since. */
  get tags(): Readonly<Record<string, string>> {
    return this.#tags;
  }
  get version(): number {
    return this.#version;
  }
  get notices(): readonly Notice[] {
    return this.#notices;
  }

  /** The session's clock (what positions' freshness is judged by). */
  now(): number {
    return this.#deps.now();
  }

  windView(): WindView | null {
    return this.rs.windView(this.state);
  }

  /**
   * The action being set up, with plan, odds, gathered dice and instructions: as the last step left it. It is
   * computed again only when the roller's connected dice changed since, because they decide how a big roll is
   * split into throws ("14 dice — roll 9, then 5").
   */
  draftStatus(): DraftStatus | null {
    this.#status = this.#statusNow(this.#deps.deviceHealth());
    return this.#status;
  }

  /** Listeners hear of every change, once its effects are committed, with what happened. */
  onChange(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- inputs: each is one step ---------------------------------------------------------------------------

  /** A device reading: a tag, a die, a button. */
  handleReading(reading: Reading): void {
    this.#step({ type: "reading", reading });
  }

  /** A warning from around the rules (a die that did not report, a device that dropped out: `device`), shown like the session's own notices. */
  announce(text: string, device?: string): void {
    this.#step({ type: "announce", text, ...(device ? { device } : {}) });
  }

  /** A ship tapped (or clicked): shows its log and fills the next ship field of the action being set up. */
  tap(ship: string): Result<null> {
    return this.#step({ type: "tap", ship });
  }
  /** Chooses the action type and/or field values on /control (`values` merge into the draft). */
  editDraft(actionType: string | undefined, values: Readonly<Record<string, unknown>>): Result<null> {
    return this.#step({ type: "edit", actionType, values });
  }
  /** POST /api/actions: an action given whole; it resolves as soon as its dice are in (at once if none). */
  startAction(action: unknown): Result<null> {
    return this.#step({ type: "start", action });
  }
  /** Dice typed in (manual entry): values as the plan reads them, for the dice still missing, in plan order. */
  enterDice(values: readonly unknown[]): Result<null> {
    return this.#step({ type: "dice", values });
  }
  /** Rolls the missing dice in software (a player without electronic dice). */
  softwareRoll(): Result<null> {
    return this.#step({ type: "software-roll" });
  }
  /** Answers the `choose` follow-up at the head of the queue. */
  choose(value: unknown): Result<null> {
    return this.#step({ type: "choose", value });
  }
  /** Confirms: resolves an action that needs no dice, or rolls in software for a player on software dice. */
  confirm(): Result<null> {
    return this.#step({ type: "confirm" });
  }
  /** Drops the action being set up (a demanded follow-up is dropped too, with a notice). */
  cancel(): Result<null> {
    return this.#step({ type: "cancel" });
  }
  /** Undoes the last resolved action: ship logs, wind and dial go back. */
  undo(): Result<null> {
    return this.#step({ type: "undo" });
  }
  /** Moves to the next phase of the turn; a phase named after an action type (the wind phase) selects it. */
  nextPhase(): Result<null> {
    return this.#step({ type: "next-phase" });
  }
  /** Switches how a player rolls, mid-game. */
  setPlayerMode(side: string, mode: DiceMode): Result<null> {
    return this.#step({ type: "player", side, mode });
  }
  /** Binds one of the table's dice to roles/colours/side (replacing its binding); unknown dice and sides are refused. */
  bindDie(binding: Binding): Result<null> {
    return this.#step({ type: "bind", binding });
  }
  /** Set-up by touch: wait for the next tag read to give it to a ship, or for a die to roll to bind it (null: stop). */
  assign(assigning: Assigning | null): Result<null> {
    return this.#step({ type: "assign", assigning });
  }
  /** Removes a die's binding (the die then serves any role, colour and side). */
  unbindDie(die: string): Result<null> {
    return this.#step({ type: "unbind", die });
  }

  // ---- the interpreter -------------------------------------------------------------------------------------

  #step(input: SessionInput): Result<null> {
    const health = this.#deps.deviceHealth();
    const { now, randomFace, store } = this.#deps;
    const env = {
      rs: this.rs,
      tags: this.#tags,
      game: this.#game,
      status: this.#statusNow(health),
      health,
      odds: this.#odds,
      now,
      nextSeq: () => store.nextSeq(),
      randomFace,
      ...(this.setup.table ? { layout: this.setup.table } : {}),
    };
    const next = step(this.#work, input, env);
    // the store first: a result is kept and shown only once its commit returned
    const unwritten = writeEffects(store, next.effects);
    if (unwritten?.commit) return this.#unwritten(unwritten, unwritten.commit);
    this.#work = next.work;
    this.#status = next.status;
    if (unwritten) this.#storeFailed(unwritten.text, unwritten.detail);
    else if (DURABLE.has(input.type)) this.#sync();
    else if (this.#storeProblem !== null && next.effects.some((e) => e.kind !== "push")) this.#storeBack();
    for (const effect of next.effects) this.#run(effect);
    return next.result;
  }

  #run(e: Effect): void {
    switch (e.kind) {
      case "commit-action":
        this.#game = { ...this.#game, records: [...this.#game.records, e.record], state: e.state };
        this.#version++;
        this.#pending.push({ type: "result", record: e.record });
        return;
      case "commit-undo":
        this.#game = { ...this.#game, records: this.#game.records.filter((r) => r.seq !== e.seq), state: e.state };
        this.#version++;
        this.#pending.push({ type: "undo", seq: e.seq, description: e.description });
        return;
      case "save":
        this.#version++;
        return;
      case "dial":
        this.#pending.push({ type: "wind", wind: e.wind });
        return;
      case "notice":
        this.#notice(e.notice);
        return;
      case "focus":
        this.#pending.push({ type: "focus", ship: e.ship });
        return;
      case "tag":
        this.#tags = { ...this.#tags, [e.uid]: e.ship };
        return;
      case "push":
        this.#push();
        return;
    }
  }

  // ---- the game file refusing writes ----------------------------------------------------------------------

  /**
   * Why the game file takes no writes now (the sentence on the display), or null when it does: `/api/health` is not
   * ready meanwhile.
   */
  get storeProblem(): string | null {
    return this.#storeProblem;
  }

  /**
   * Checks the game file (the composition root calls it every few seconds): still the file opened, and — while it
   * refused writes — taking them again. When it does, a result refused meanwhile is recorded at once with the dice
   * that were kept (an undo is made again), so play resumes by itself.
   */
  checkStore(): void {
    const waiting = this.#storeProblem !== null;
    try {
      this.#deps.store.probe(waiting);
    } catch (e) {
      const { text, detail } = unwritableText(e, this.#unrecorded ?? "start");
      this.#storeFailed(text, detail);
      return;
    }
    if (!waiting) return;
    const again = this.#unrecorded;
    this.#unrecorded = null;
    this.#storeBack();
    if (again === "commit-action" && this.#status?.ready) this.#step({ type: "confirm" });
    else if (again === "commit-undo") this.#step({ type: "undo" });
    else this.#push();
  }

  /** A step's commit was refused: nothing of the step is kept but the dice (a resolved draft stays, ready to confirm). */
  #unwritten(u: Unwritten, commit: NonNullable<Unwritten["commit"]>): Result<null> {
    if (commit.kind === "commit-action" && commit.draft) {
      this.#work = { ...this.#work, draft: commit.draft };
      const { rs } = this;
      const ctx = { rs, state: this.#game.state, work: this.#work, health: this.#deps.deviceHealth(), odds: this.#odds };
      this.#status = draftStatus(this.#work.draft, ctx);
    }
    this.#unrecorded = commit.kind;
    this.#storeFailed(u.text, u.detail);
    this.#version++;
    this.#push();
    return fail("store.unwritable", u.text, "");
  }

  /** The file refuses writes: said once on the display (again only when the reason changes), and kept for health. */
  #storeFailed(text: string, detail: string): void {
    if (this.#storeProblem === text) return;
    this.#storeProblem = text;
    this.#deps.onStoreProblem?.(detail);
    this.#notice({ at: this.#deps.now(), level: "warn", text });
  }

  /** Writes go through again. */
  #storeBack(): void {
    if (this.#storeProblem === null) return;
    this.#storeProblem = null;
    this.#notice({ at: this.#deps.now(), level: "info", text: "The game file can be written again: play on." });
  }

  /** A person's own write (a binding, a player's dice mode) is on the disk when the table answers. */
  #sync(): void {
    try {
      this.#deps.store.sync();
      this.#storeBack();
    } catch (e) {
      const { text, detail } = unwritableText(e, "save");
      this.#storeFailed(text, detail);
    }
  }

  /** The status of the draft: the cached one unless the roller's dice at hand changed since it was written. */
  #statusNow(health: Parameters<typeof diceAtHand>[0]): DraftStatus | null {
    const st = this.#status;
    if (st === null || diceAtHand(health, this.#work.bindings, st.roller) === st.diceAtHand) return st;
    const { rs } = this;
    return draftStatus(this.#work.draft, {
      rs,
      state: this.#game.state,
      work: this.#work,
      health,
      odds: this.#odds,
      table: this.#measuring(),
    });
  }

  /** Keeps a notice and queues it as an event (a change of its own). */
  #notice(notice: Notice): void {
    this.#notices = [...this.#notices, notice].slice(-NOTICES_KEPT);
    this.#version++;
    this.#pending.push({ type: "notice", notice });
  }

  /** Tells listeners of every change since the last push (a new version, with or without events). */
  #push(): void {
    if (this.#pending.length === 0 && this.#flushed === this.#version) return;
    this.#flushed = this.#version;
    const events = this.#pending;
    this.#pending = [];
    for (const l of this.#listeners) l(events);
  }
}
