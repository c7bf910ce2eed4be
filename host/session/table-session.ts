/**
 * The table session: the interpreter of {@link step}. Each reading or request is one step over the working state;
 * the session runs the step's effects in order — commits to the store, keeps the game and the notices, and tells
 * its listeners (the composition root turns the dial and pushes the view) — so every change is committed before
 * listeners hear of it. It holds the game as resolved records over the starting state, the working state (the
 * action being set up with its gathered dice, the follow-ups the rules demand, the phase, the players' dice modes,
 * bindings, the ship on show) and its draft's status, computed once per step.
 */

import type { FollowUp, RuleSet, TableState, WindView } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { TableSetup } from "../config/load.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { ChangeFeed } from "./change-feed.ts";
import { type Draft, type DraftStatus, diceAtHand, draftStatus, OddsCache } from "./draft.ts";
import { restoreWork } from "./follow-ups.ts";
import { rebuiltNotice, rebuiltWork } from "./rebuilt-work.ts";
import { foldRecords } from "./resolve.ts";
import type { Notice, SessionDeps, SessionListener } from "./session-types.ts";
import { type Effect, type GameSoFar, type SessionInput, step } from "./step.ts";
import { FileTrouble, type Unwritten, writeEffects } from "./store-writes.ts";
import { statePhase, stateTurn, type TurnShape, turnShape } from "./turn.ts";

export type { SessionDeps, SessionEvent, SessionListener } from "./session-types.ts";

/** Inputs that are a person's own write to the game file (not a roll): on the disk when the table answers. */
const DURABLE: ReadonlySet<SessionInput["type"]> = new Set(["bind", "unbind", "player"]);

export class TableSession {
  readonly rs: RuleSet;
  readonly setup: TableSetup;
  readonly #deps: SessionDeps;
  #game: GameSoFar;
  #work: SessionSnapshot;
  #tags: Readonly<Record<string, string>>;
  #markers: Readonly<Record<string, number>>;
  #status: DraftStatus | null;
  readonly #odds = new OddsCache();
  /** The turn's shape, read from the rule set once. */
  readonly #turn: TurnShape;
  /** The change feed: the version, the notices, the events waiting to be told and who hears them. */
  readonly #feed = new ChangeFeed();
  /** Why the game file refuses writes (the display's sentence), or null; and the commit refused, to make once it can. */
  readonly #file: FileTrouble;
  #unrecorded: "commit-action" | "commit-undo" | null = null;

  private constructor(deps: SessionDeps, initial: TableState) {
    this.#deps = deps;
    this.#file = new FileTrouble((level, text) => this.#feed.notice({ at: deps.now(), level, text }), deps.onStoreProblem);
    this.rs = deps.setup.ruleset;
    this.setup = deps.setup;
    this.#turn = turnShape(this.rs);
    this.#tags = deps.setup.tags;
    this.#markers = deps.setup.markers ?? {};
    const { records, snapshot, snapshotProblem } = deps.store.load();
    this.#game = { initial, records, state: foldRecords(this.rs, initial, records) };
    this.#work = restoreWork(deps.setup, initial, snapshot);
    if (snapshotProblem !== undefined) {
      this.#work = rebuiltWork(deps.setup, initial, records);
      deps.store.saveSnapshot(this.#work);
      this.#feed.notice({ at: deps.now(), level: "warn", text: rebuiltNotice(snapshotProblem, records.length) });
    }
    // a working state from before turns were counted, or rebuilt afresh: the turn (and phase) the rule set's state counts
    const turn = stateTurn(this.rs, this.#game.state);
    const phase = statePhase(this.rs, this.#game.state);
    if (turn !== null && this.#work.turn !== turn) this.#work = { ...this.#work, turn, ...(phase !== null ? { phase } : {}) };
    // the file is tried at once: a table that cannot keep results says so before the first roll
    try {
      deps.store.probe(true);
    } catch (e) {
      this.#file.refused(e, "start");
    }
    this.#status = this.#statusOf(deps.deviceHealth());
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
  /** What the phase is for, read from the rule set once (the view asks on every push: the die's path stays off turn.ts). */
  phasePurpose(phase: number): string | null {
    return this.#turn.purposes[phase] ?? null;
  }

  get work(): SessionSnapshot {
    return this.#work;
  }
  /** Grows with every change (and every notice). */
  /** Tag UIDs (upper-case hex) → ship ids: the set-up's, with those given to ships at the table since. */
  get tags(): Readonly<Record<string, string>> {
    return this.#tags;
  }
  /** Ship ids → ship markers given at the table (shown to the camera); the other ships carry theirs by roster order. */
  get markers(): Readonly<Record<string, number>> {
    return this.#markers;
  }
  get version(): number {
    return this.#feed.version;
  }
  get notices(): readonly Notice[] {
    return this.#feed.notices;
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
    return this.#feed.listen(listener);
  }

  // ---- the one entry: each input is one step --------------------------------------------------------------

  /**
   * A device reading or a request (a tap, an edit on /control, an action given whole, dice typed or rolled in
   * software, a choice, Confirm, Cancel, undo, the next phase, a player's dice mode, a binding, set-up by touch, a
   * notice from around the rules): one step, its effects run, listeners told at most once. A refusal is the result.
   */
  send(input: SessionInput): Result<null> {
    return this.#step(input);
  }

  // ---- the interpreter -------------------------------------------------------------------------------------

  #step(input: SessionInput): Result<null> {
    const health = this.#deps.deviceHealth();
    const { now, randomFace, store } = this.#deps;
    const env = {
      rs: this.rs,
      tags: this.#tags,
      markers: this.#markers,
      game: this.#game,
      status: this.#statusNow(health),
      health,
      odds: this.#odds,
      now,
      nextSeq: () => store.nextSeq(),
      randomFace,
      turn: this.#turn,
      ...(this.setup.table ? { layout: this.setup.table } : {}),
    };
    const next = step(this.#work, input, env);
    // the store first: a result is kept and shown only once its commit returned
    const unwritten = writeEffects(store, next.effects);
    if (unwritten?.commit) return this.#unwritten(unwritten, unwritten.commit);
    this.#work = next.work;
    this.#status = next.status;
    if (unwritten) this.#file.failed(unwritten.text, unwritten.detail);
    else if (DURABLE.has(input.type)) this.#file.sync(store);
    else if (this.#file.problem !== null && next.effects.some((e) => e.kind !== "push")) this.#file.back();
    // every effect but the push in order; then listeners are told once, of all the step changed
    for (const effect of next.effects) if (effect.kind !== "push") this.#run(effect);
    if (next.effects.some((e) => e.kind === "push")) this.#feed.push();
    return next.result;
  }

  #run(e: Effect): void {
    switch (e.kind) {
      case "commit-action":
        this.#game = { ...this.#game, records: [...this.#game.records, e.record], state: e.state };
        this.#feed.changed({ type: "result", record: e.record });
        return;
      case "commit-undo":
        this.#game = { ...this.#game, records: this.#game.records.filter((r) => r.seq !== e.seq), state: e.state };
        this.#feed.changed({ type: "undo", seq: e.seq, description: e.description });
        return;
      case "save":
        this.#feed.changed();
        return;
      case "dial":
        this.#feed.tell({ type: "wind", wind: e.wind });
        return;
      case "notice":
        this.#feed.notice(e.notice);
        return;
      case "focus":
        this.#feed.tell({ type: "focus", ship: e.ship });
        return;
      case "log":
        this.#feed.tell({ type: "log" });
        return;
      case "tag":
        this.#tags = { ...this.#tags, [e.uid]: e.ship };
        return;
      case "marker":
        this.#markers = { ...this.#markers, [e.ship]: e.marker };
        return;
      case "push": // run once at the end of the step
        return;
    }
  }

  // ---- the game file refusing writes ----------------------------------------------------------------------

  /**
   * Why the game file takes no writes now (the sentence on the display), or null when it does: `/api/health` is not
   * ready meanwhile.
   */
  get storeProblem(): string | null {
    return this.#file.problem;
  }

  /**
   * Checks the game file (the composition root calls it every few seconds): still the file opened, and — while it
   * refused writes — taking them again. When it does, a result refused meanwhile is recorded at once with the dice
   * that were kept (an undo is made again), so play resumes by itself.
   */
  checkStore(): void {
    const waiting = this.#file.problem !== null;
    try {
      this.#deps.store.probe(waiting);
    } catch (e) {
      this.#file.refused(e, this.#unrecorded ?? "start");
      return;
    }
    if (!waiting) return;
    const again = this.#unrecorded;
    this.#unrecorded = null;
    this.#file.back();
    if (again === "commit-action" && this.#status?.ready) this.#step({ type: "confirm" });
    else if (again === "commit-undo") this.#step({ type: "undo" });
    else this.#feed.push();
  }

  /** A step's commit was refused: nothing of the step is kept but the dice (a resolved draft stays, ready to confirm). */
  #unwritten(u: Unwritten, commit: NonNullable<Unwritten["commit"]>): Result<null> {
    if (commit.kind === "commit-action" && commit.draft) {
      this.#work = { ...this.#work, draft: commit.draft };
      this.#status = this.#statusOf(this.#deps.deviceHealth());
    }
    this.#unrecorded = commit.kind;
    this.#file.failed(u.text, u.detail);
    this.#feed.changed();
    this.#feed.push();
    return fail("store.unwritable", u.text, "");
  }

  /** The status of the draft: the cached one unless the roller's dice at hand changed since it was written. */
  #statusNow(health: Parameters<typeof diceAtHand>[0]): DraftStatus | null {
    const st = this.#status;
    if (st === null || diceAtHand(health, this.#work.bindings, st.roller) === st.diceAtHand) return st;
    return this.#statusOf(health);
  }

  /** The draft's status computed afresh, against the game, the working state and the devices' `health`. */
  #statusOf(health: Parameters<typeof diceAtHand>[0]): DraftStatus | null {
    const ctx = { rs: this.rs, state: this.#game.state, work: this.#work, health, odds: this.#odds, table: this.#measuring() };
    return draftStatus(this.#work.draft, ctx);
  }
}
