/**
 * The board's own reading of a game (issue 27): it trusts no result and no winner a table states, but folds the
 * game's records, from its `start`, through the rule set — the pure rules core, as the table did — and refuses
 * the first record whose action the rules do not allow or whose outcome its dice do not give. A game's end
 * counts for the league only when this reading, over records 1…n held without a gap, gives the same winner by the
 * rules (src/game/game-end.ts, as the table's display says it); an end the organiser called is not the rules' and
 * is not counted. The start itself is checked against the rule set's set-up first (start-check.ts): a start the
 * rules would not set up is refused as record 0, and so is every end claimed from it.
 */
import { applyEvents, transition } from "../../src/game/engine.ts";
import { gameEndOf } from "../../src/game/game-end.ts";
import type { GameEvent, RuleSet, TableState } from "../../src/game/types.ts";
import { ruleSet } from "../../src/rulesets/index.ts";
import { sideCounts } from "../club-link/table-summary.ts";
import type { EventMessage, StartMessage } from "./messages.ts";
import { type ScenarioShips, startProblem } from "./start-check.ts";

/** Where the board's reading of one game stands. */
export interface GameReading {
  /** `following`: every record held so far follows from the rules; `refused`: one does not, and nothing after it is read. */
  readonly status: "following" | "refused" | "no-start";
  /** Records 1…held are held and read (the contiguous head). */
  readonly held: number;
  /** The refused record and why, in a sentence. */
  readonly refused?: { readonly seq: number; readonly why: string };
  /**
   * The game's end by the rules as the records show it (`gameEndOf`: the text's own end, or one side afloat), with
   * the winner (null when the rules name none), why, and each side's ships lost; null while it goes on.
   */
  readonly end: {
    readonly winner: string | null;
    readonly reason: string;
    readonly losses: Readonly<Record<string, number>>;
  } | null;
}

/** Keys sorted, so two equal JSON values print the same whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

/** One game folded incrementally: feed it records in seq order; an undo folds again from the start. */
export class GameFold {
  readonly #rs: RuleSet | null;
  readonly #start: TableState | null;
  readonly #why: string | null;
  #state: TableState | null;
  #running: { seq: number; events: readonly GameEvent[] }[] = [];
  #held = 0;
  #refused: { seq: number; why: string } | null = null;

  /** `scenarioShips`: the bundled scenarios' ships, against which a start that names one is checked (start-check.ts). */
  constructor(start: StartMessage | null, scenarioShips: ScenarioShips) {
    const rs = start ? ruleSet(start.ruleset) : undefined;
    this.#rs = rs ?? null;
    let parsed: TableState | null = null;
    let why: string | null = start ? null : "no start";
    if (start && !rs) why = `the game's rule set "${start.ruleset}" is not one this board knows`;
    else if (start && rs) {
      const s = rs.parseState(start.start as Parameters<RuleSet["parseState"]>[0], start.data ?? undefined);
      if (!s.ok) why = `the game's starting state does not pass the rules: ${s.error.message}`;
      else {
        const problem = startProblem(rs, s.value, start.scenario ?? null, scenarioShips);
        if (problem) why = `the game's start is not the rules' set-up: ${problem}`;
        else parsed = s.value;
      }
    }
    this.#start = parsed;
    this.#state = parsed;
    this.#why = why;
    if (start && why) this.#refused = { seq: 0, why };
  }

  /** Reads the next record (seq `held + 1`); false once a record is refused (nothing after it is read). */
  next(r: EventMessage): boolean {
    const rs = this.#rs;
    const state = this.#state;
    if (this.#refused || r.seq !== this.#held + 1) return false;
    if (!rs || !state || !this.#start) {
      // without the start the board only keeps count of what it holds; it reads the game once the start comes
      this.#held = r.seq;
      return true;
    }
    const refuse = (why: string) => {
      this.#refused = { seq: r.seq, why };
      return false;
    };
    if (r.kind === "undone") {
      const undone = r.undoes;
      if (undone === undefined || !this.#running.some((x) => x.seq === undone))
        return refuse(`record #${r.seq} undoes #${undone ?? "?"}, which is not an action in effect`);
      this.#running = this.#running.filter((x) => x.seq !== undone);
      const start = this.#start;
      this.#state = this.#running.reduce((s, x) => applyEvents(rs, s, x.events), start);
    } else {
      const action = rs.parseAction(state, r.action);
      if (!action.ok) return refuse(`record #${r.seq}: the rules do not allow this action (${action.error.message})`);
      const t = transition(
        rs,
        state,
        action.value,
        r.dice.map((d) => d.value),
      );
      if (!t.ok) return refuse(`record #${r.seq}: the dice and the rules do not give a result (${t.error.message})`);
      if (canonical(JSON.parse(JSON.stringify(t.value.outcome))) !== canonical(r.outcome))
        return refuse(`record #${r.seq}: its dice give another result than the one it states`);
      this.#running.push({ seq: r.seq, events: t.value.events });
      this.#state = t.value.state;
    }
    this.#held = r.seq;
    return true;
  }

  get reading(): GameReading {
    const status = this.#refused ? "refused" : this.#why ? "no-start" : "following";
    const rs = this.#rs;
    const state = this.#state;
    const over = rs && state && !this.#refused ? gameEndOf(rs, state) : null;
    const end =
      rs && state && over ? { ...over, losses: Object.fromEntries(sideCounts(rs.shipViews(state)).map((c) => [c.side, c.lost])) } : null;
    return { status, held: this.#held, ...(this.#refused ? { refused: this.#refused } : {}), end };
  }
}
