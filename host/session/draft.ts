/**
 * The action being set up and where it stands: its type, the fields chosen so far (ships by tapping, the rest on
 * /control), the rolls gathered for it — and its status: which fields are missing, whether the rules accept it,
 * its dice plan and exact odds, the dice gathered so far and what to tell the players to roll. Built only from
 * the rule set's {@link ActionDef}s. How the table's inputs change it (a tap, a choice, an action given whole) is
 * draft-edits.ts's.
 */
import type { DeviceHealth } from "../../devices/readings.ts";
import type { DicePlan } from "../../src/dice/plan.ts";
import { oddsOf } from "../../src/game/engine.ts";
import { withFigure } from "../../src/game/measured-refusal.ts";
import type { Action, ActionDef, ActionField, FollowUp, Odds, RuleSet, ShipBase, TableState } from "../../src/game/types.ts";
import type { Result, RulesError } from "../../src/result.ts";
import type { Binding } from "../config/schema.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { DiceMode, Draft, SessionSnapshot } from "../store/records.ts";
import { type ChoiceCursor, choiceCursor, choiceInstruction } from "./choices.ts";
import { type Gathered, gather, rollInstruction, sidedPlan, sidesModeNote } from "./dice-gather.ts";
import { type DraftMeasure, MeasuredKeep, measuredDraft } from "./measured-draft.ts";
import { decidedRefusal, refusedWhateverChosen } from "./refusal-first.ts";

export type { Draft } from "../store/records.ts";

/** A new empty draft of an action type. */
export const emptyDraft = (type: string): Draft => ({ type, values: {}, origin: "table", rolls: [] });

/** The fields filled by tapping ship bases, in order (firer, then target). */
export const shipFields = (def: ActionDef): ActionField[] => def.fields.filter((f) => f.type === "ship").slice(0, 2);

/** The action type a table starts with: the first with two ship fields (a broadside, a fire), else the first. */
export function defaultActionType(actions: readonly ActionDef[]): string | null {
  const two = actions.filter((a) => shipFields(a).length >= 2);
  return (two.find((a) => shipFields(a)[0]?.name === "firer") ?? two[0] ?? actions[0])?.type ?? null;
}

/**
 * Whether the draft is a roll of the turn sequence the table waits for (initiative, wind): an action with no ships to
 * tap, set up by the phase or the session, with no dice in yet and no demanded roll ahead of it.
 */
export function isPhaseRoll(actions: readonly ActionDef[], draft: Draft, followUps: readonly FollowUp[]): boolean {
  const def = actions.find((a) => a.type === draft.type);
  return (
    followUps.length === 0 && draft.rolls.length === 0 && draft.origin !== "follow-up" && def !== undefined && shipFields(def).length === 0
  );
}

/** An action's name for players: its rule set's title ("Broadside", "Wind change"); "The roll" for a type it lacks. */
export function actionTitle(rs: Pick<RuleSet, "actions">, type: string): string {
  return rs.actions.find((a) => a.type === type)?.title ?? "The roll";
}

/**
 * The draft that follows: the next demanded roll, nothing while a choice waits, else a fresh table action of
 * `tableType` — the action ships tapped set up in the phase the table is in (`turn.ts`' `tapAction`), never the
 * type of the action just resolved, so a demanded roll's type never lingers for the next taps.
 */
export function nextDraft(actions: readonly ActionDef[], followUps: readonly FollowUp[], tableType?: string | null): Draft | null {
  const head = followUps[0];
  if (head?.kind === "roll") {
    const { type, ...values } = head.action;
    return { type, values, origin: "follow-up", purpose: head.purpose, rolls: [] };
  }
  if (head?.kind === "choose") return null;
  // null: the phase has no action for a tap (none set up); undefined: the rule set's firing action
  const type = tableType === undefined ? defaultActionType(actions) : tableType;
  return type ? emptyDraft(type) : null;
}

/** The action the draft stands for: its values over the fields' defaults. */
export function draftAction(draft: Draft, def: ActionDef): Action {
  const action: Record<string, unknown> = { type: def.type };
  for (const f of def.fields) {
    const v = draft.values[f.name] ?? f.default;
    if (v !== undefined) action[f.name] = v;
  }
  for (const [k, v] of Object.entries(draft.values)) if (!(k in action)) action[k] = v;
  return action as Action;
}

/** Fields still to be given (no value, no default, not optional). */
export function missingFields(draft: Draft, def: ActionDef): ActionField[] {
  return def.fields.filter((f) => !f.optional && draft.values[f.name] === undefined && f.default === undefined);
}

/** The side that rolls: the side of the action's first ship (the firer), or null (wind). */
export function rollerSide(action: Action, def: ActionDef | undefined, ships: readonly ShipBase[]): string | null {
  const f = def?.fields.find((x) => x.type === "ship");
  const id = f ? action[f.name] : undefined;
  return ships.find((s) => s.id === id)?.side ?? null;
}

/** Connected dice a side can roll: unbound dice, or dice bound to that side (any side when `side` is null). */
export function diceAtHand(health: readonly DeviceHealth[], bindings: readonly Binding[], side: string | null): number {
  return health
    .filter((h) => h.kind === "die" && h.connected)
    .filter((h) => {
      const b = bindings.find((x) => x.die === h.id);
      return !b?.side || side === null || b.side === side;
    }).length;
}

export interface DraftStatus {
  readonly def: ActionDef;
  readonly action: Action;
  readonly missing: readonly ActionField[];
  /** The rules' refusal (out of range, illegal …), or null. */
  readonly error: RulesError | null;
  readonly plan: DicePlan | null;
  readonly odds: Odds | null;
  readonly gathered: Gathered | null;
  /** What the display tells the players: "tap the target", "roll the black and two white dice" … */
  readonly instruction: string;
  readonly roller: string | null;
  readonly mode: DiceMode;
  /** Dice complete (or none needed): the action can be resolved. */
  readonly ready: boolean;
  /** The connected dice the roller had at hand when the instruction was written (it splits a big roll into throws). */
  readonly diceAtHand: number;
  /** The choice the button pad is on (`next-choice`), or null. */
  readonly choice: ChoiceCursor | null;
  /** The note for an action started outside the phases its rule text plays it in (see {@link outsidePhaseNote}), or null. */
  readonly outsidePhase: string | null;
  /** What was measured from the table's positions (or why nothing could be), or null when the action measures nothing. */
  readonly measure: DraftMeasure | null;
}

/**
 * Memoises what the action being set up costs to work out from the game alone: its parse (the rules' checks and
 * defaults) and its exact odds (a broadside's, or an explosion's over several ships). Both are worth doing once, not
 * on every die reading or device-health push: they depend only on the rules state, which is a new object after every
 * resolve or undo, and on the action. The same for the draft's measurement from positions (`measured`).
 */
export class OddsCache {
  #state: TableState | null = null;
  #action = "";
  #value: Result<{ plan: DicePlan; odds: Odds }> | null = null;
  #parsedState: TableState | null = null;
  #raw = "";
  #parsed: Result<Action> | null = null;
  /** The draft's geometry measured from the ships' positions, kept while nothing it was measured from changed. */
  readonly measured = new MeasuredKeep();

  get(rs: RuleSet, state: TableState, action: Action): Result<{ plan: DicePlan; odds: Odds }> {
    const key = JSON.stringify(action);
    if (state !== this.#state || key !== this.#action || !this.#value) {
      this.#state = state;
      this.#action = key;
      this.#value = oddsOf(rs, state, action);
    }
    return this.#value;
  }

  /** The rules' parse of the draft's action (`RuleSet.parseAction`), once per rules state and action. */
  parse(rs: RuleSet, state: TableState, raw: Action): Result<Action> {
    const key = JSON.stringify(raw);
    if (state !== this.#parsedState || key !== this.#raw || !this.#parsed) {
      this.#parsedState = state;
      this.#raw = key;
      this.#parsed = rs.parseAction(state, raw);
    }
    return this.#parsed;
  }
}

// ---- the note for an action started outside the phases its rule text plays it in (issue 11 item 4: "an action
// outside the phase is allowed with a visible note"); the action stays allowed, the note only says where the rules put it

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "A", "A or B", "A, B or C". */
function either(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * "Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent." when the
 * draft's action belongs to some phase (`RuleSet.turn`'s phases' `actions`) but not to the phase the table is in;
 * null for an action of this phase or of none, and for a roll the rules demand (`origin` follow-up). Phases are named as players read them now (`phaseNames`).
 */
export function outsidePhaseNote(rs: RuleSet, state: TableState, phase: number, draft: Draft | null): string | null {
  if (!draft || draft.origin === "follow-up") return null;
  const playedIn = rs.turn.phases.flatMap((p, i) => (p.actions.includes(draft.type) ? [i] : []));
  if (playedIn.length === 0 || playedIn.includes(phase)) return null;
  const names = (rs.phaseNames?.(state) ?? rs.phases).map(capitalised);
  const title = rs.actions.find((a) => a.type === draft.type)?.title ?? draft.type;
  const now = names[phase];
  const where = either([...new Set(playedIn.map((i) => names[i] ?? ""))]);
  return `${title} is played in ${where}${now ? `; now: ${now}` : ""}. Allowed — check with your opponent.`;
}

/** What a draft's status is computed against, besides the draft. */
export interface StatusContext {
  readonly rs: RuleSet;
  readonly state: TableState;
  readonly work: Pick<SessionSnapshot, "players" | "bindings" | "phase" | "positions" | "moves">;
  readonly health: readonly DeviceHealth[];
  readonly odds: OddsCache;
  /** The time (positions hold or not) and the playing area: with them, the draft's geometry is measured from positions. */
  readonly table?: { readonly now: number; readonly layout?: TableLayout };
}

/** Computes the status of a draft against the current state. */
export function draftStatus(draft: Draft | null, ctx: StatusContext): DraftStatus | null {
  if (!draft) return null;
  const { rs, state } = ctx;
  const def = rs.actions.find((a) => a.type === draft.type);
  if (!def) return null;
  // the geometric fields left out are measured from the ships' positions (a person's value wins)
  // (a field's default, like "no rake", is not a person's value: it applies only where nothing was measured)
  // (only an action set up at the table: one given whole over the API, or demanded by the rules, is taken as given)
  // (a draft with nothing chosen yet, as each new one starts, names no ship to measure from)
  // in a movement phase, where each ship's move began: the move made is measured too (Quickfire's distance and pivot)
  // (measured once while the game, the draft's values and the positions are the same: a die's reading changes none)
  // what the table measured is decided: a person's value for a measured field does not lift the geometry's refusal
  const before = ctx.work.moves?.starts;
  const table = ctx.table;
  const { positions } = ctx.work;
  const { measuring, measure } =
    table && draft.origin === "table" && Object.keys(draft.values).length > 0
      ? ctx.odds.measured.get([state, def, JSON.stringify(draft.values), positions, table.layout, before], positions, table.now, () => {
          const at = { positions, ...table, ...(before ? { before } : {}) };
          const measuring = measuredDraft(rs, state, def, { ...draft.values, type: def.type }, at);
          const m = measuring.measure;
          return { measuring, measure: m && { ...m, refusal: decidedRefusal(rs, state, def, draft.values, at, m) } };
        })
      : { measuring: null, measure: null };
  const { type: _type, ...measuredValues } = measuring?.action ?? { type: def.type };
  const raw = draftAction({ ...draft, values: { ...measuredValues, ...draft.values } }, def);
  const missing = missingFields(draft, def).filter((f) => measuredValues[f.name] === undefined);
  const roller = rollerSide(raw, def, state.ships);
  const mode = roller ? (ctx.work.players[roller] ?? "electronic") : "electronic";
  const atHand = diceAtHand(ctx.health, ctx.work.bindings, roller);
  const outsidePhase = outsidePhaseNote(rs, state, ctx.work.phase, draft);
  const base = {
    def,
    action: raw,
    missing,
    roller,
    mode,
    plan: null,
    odds: null,
    gathered: null,
    diceAtHand: atHand,
    outsidePhase,
    measure,
  };
  // the choice the pad is on rewrites the instruction: the choice shown, or which button chooses the one wanted
  // (only where a connected pad has a next-choice button); a measured field is decided, never the choice still open
  const pad = ctx.health.some((h) => h.kind === "pad" && h.connected && h.commands?.includes("next-choice") === true);
  const said = (instruction: string, error: RulesError | null, shipNext = false) => {
    const c = draft.rolls.length === 0 && draft.origin !== "follow-up" ? choiceCursor(draft, def, error, measure?.measured) : null;
    const choice = c && (c.held || (pad && !shipNext)) ? c : null;
    return { choice, instruction: choice ? choiceInstruction(choice, instruction) : instruction };
  };
  // the geometry refuses before any question but the ships (refusal first, issue 37): said as is, no choice over it
  const refused = (error: RulesError) => ({
    ...base,
    measure: measure && { ...measure, refusal: error },
    error,
    choice: null,
    instruction: error.message,
    ready: false,
  });
  const shipMissing = missing.find((f) => f.type === "ship");
  if (measure?.refusal && !shipMissing) return refused(measure.refusal);
  if (missing.length > 0) {
    const whatever = measure && !shipMissing ? refusedWhateverChosen(rs, state, raw, missing, measure) : null;
    if (whatever) return refused(whatever);
    const next = shipMissing ?? (missing[0] as ActionField);
    // a figure the positions could not give is asked for, saying why ("Gouda's position is not known: choose range …")
    const ask = `choose ${next.label.toLowerCase()} on the control page`;
    const how = next.type === "ship" ? `tap the ${next.label.toLowerCase()}` : measure?.asked ? `${measure.asked}: ${ask}` : ask;
    return { ...base, error: null, ...said(how, null, next.type === "ship"), ready: false };
  }
  const parsed = ctx.odds.parse(rs, state, raw);
  if (!parsed.ok) {
    // the rules refuse a measured figure (a range the table does not reach): the geometry's refusal, with the figure
    const geometric = measure ? withFigure(parsed.error, measure) : null;
    if (geometric) return refused(geometric);
    return { ...base, error: parsed.error, ...said(parsed.error.message, parsed.error), ready: false };
  }
  const po = ctx.odds.get(rs, state, parsed.value);
  const planRefusal = !po.ok && measure ? withFigure(po.error, measure) : null;
  if (planRefusal) return refused(planRefusal);
  if (!po.ok) return { ...base, action: parsed.value, error: po.error, ...said(po.error.message, po.error), ready: false };
  const { plan, odds } = po.value;
  const gathered = gather(plan, draft.rolls);
  let instruction = rollInstruction(plan, gathered.missing, atHand);
  // a roll several sides make: each side's own dice mode says how it gives its dice; otherwise the roller's
  if (instruction && sidedPlan(plan)) instruction += sidesModeNote(plan, gathered.missing, ctx.work.players);
  else if (instruction && mode === "manual") instruction = `${instruction} — type them on the control page`;
  else if (instruction && mode === "software") instruction = `${instruction} — press Roll on the control page`;
  // a ship's move while the table watches the moves: her move is logged when the next ship is tapped (move-watch.ts)
  const watchedMove = ctx.work.moves && rs.measures?.[def.type]?.move !== undefined;
  if (!instruction && plan.length === 0 && watchedMove) instruction = "move her on the table, then tap the next ship";
  if (!instruction) instruction = plan.length === 0 || gathered.placed.length === 0 ? "confirm to resolve" : "resolving";
  return { ...base, action: parsed.value, error: null, plan, odds, gathered, ...said(instruction, null), ready: gathered.complete };
}
