/**
 * The table state as `GET /api/state` and `WS /api/live` give it (docs/reference/http-api.md): rule set, phase, wind, every
 * ship as its log is drawn, the action being set up (plan, exact odds, what to roll, dice so far with their
 * provenance), the last result, devices and notices; and a ship's log (`GET /api/ships/:id`). Built only from
 * the rule set's metadata.
 */
import type { DeviceHealth } from "../../devices/readings.ts";
import type { DicePlan } from "../../src/dice/plan.ts";
import { sideTallies } from "../../src/game/side-tally.ts";
import type { RuleSet, ShipBase, TableState } from "../../src/game/types.ts";
import type { DisplayOptions } from "../config/schema.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { MoveWatch, ResolvedRecord } from "../store/records.ts";
import { describeBinding } from "./assigning.ts";
import { measuredTicks, tickedNow, ticksMany } from "./choice-ticks.ts";
import { choiceWords } from "./choices.ts";
import { type DieNamer, dieNamer, labelledDice } from "./dice-gather.ts";
import { actionTitle } from "./draft.ts";
import { gameOver, type StoredEnd } from "./game-over.ts";
import { choiceMapView, measureView } from "./measure-view.ts";
import { heldUntil, type Positions } from "./positions.ts";
import type { TableSession } from "./table-session.ts";
import { tableMapView } from "./table-view.ts";

/**
 * A ship's log: the resolved actions that name it — as a field of the action (firer, target …) or in one of
 * the events it caused — found without knowing the rule set.
 */
/** Whether a plan rolls any die (an action without dice shows no odds). */
const rollsDice = (plan: DicePlan | null): boolean => (plan ?? []).some((e) => e.count > 0);

export interface ShipLogEntry {
  /** The log's key (unique in the file); `number` is the result's number in its game, from #1. */
  readonly seq: number;
  readonly number: number;
  readonly at: number;
  readonly description: string;
  /** The ship's part in it: the action field naming it (`firer`, `target`), or `event`. */
  readonly role: string;
}

const names = (value: unknown, id: string): boolean => value === id || (Array.isArray(value) && value.includes(id));

/** The records that concern `shipId`, oldest first. */
export function shipLog(records: readonly ResolvedRecord[], shipId: string): ShipLogEntry[] {
  const out: ShipLogEntry[] = [];
  for (const [i, r] of records.entries()) {
    const field = Object.entries(r.action).find(([k, v]) => k !== "type" && names(v, shipId))?.[0];
    const inEvent = r.events.some((e) => Object.values(e).some((v) => names(v, shipId)));
    if (field || inEvent) out.push({ seq: r.seq, number: i + 1, at: r.at, description: r.description, role: field ?? "event" });
  }
  return out;
}

/** Device side of the view, from the composition root. */
export interface DevicesView {
  readonly devices: readonly DeviceHealth[];
  readonly dial: { readonly angle: number | null; readonly health: DeviceHealth } | null;
  /** Whether `/api/sim/*` works (some device is an emulator). */
  readonly sim: boolean;
}

const MAX_OUTCOMES = 24;

/** The game turn: the rule set's own count where its state has one, else the times the phase order came round (`counted`). */
export const gameTurn = (rs: RuleSet, state: TableState, counted: number | undefined): number => rs.turnOf?.(state) ?? counted ?? 1;

/** What the table waits for while it is set up by touch, with the instruction to show. */
function assigningView(s: TableSession, views: readonly { readonly id: string; readonly name: string }[]) {
  const a = s.work.assigning;
  if (!a) return null;
  if (a.kind === "tag") {
    const name = views.find((v) => v.id === a.ship)?.name ?? a.ship;
    return { kind: a.kind, ship: a.ship, instruction: `Tap the base of ${name} on a reader now.` };
  }
  if (a.kind === "marker") {
    const name = views.find((v) => v.id === a.ship)?.name ?? a.ship;
    return { kind: a.kind, ship: a.ship, instruction: `Show ${name}'s marker to the camera now: put her in its view.` };
  }
  return { kind: a.kind, binding: a.binding, instruction: `Roll the die you want as ${describeBinding(a.binding)}.` };
}

/**
 * A result as pages show it: `number` is its number in the game (from #1, the records in effect in order); `facts`
 * its outcome as the rule set's typed facts (label, kind, value in words, unit), which the pages render.
 */
export function resultView(rs: RuleSet, state: TableState, r: ResolvedRecord, number: number, nameOf?: DieNamer) {
  return {
    seq: r.seq,
    number,
    at: r.at,
    description: r.description,
    action: r.action,
    outcome: r.outcome,
    facts: rs.facts(state, r.action, r.outcome),
    plan: r.plan,
    /** Each die with its label: whose slot it filled (side, colour or role) and its source. */
    dice: labelledDice(r.plan, r.dice, nameOf),
    events: r.events,
  };
}

/**
 * One page of the game's results for the night's log on the display, newest first: page 0 holds the newest `size`,
 * each with its dice and whose they were (as `last` gives them). A page past the end is the oldest page.
 */
/** Results on a page of the night's log as the display and /control show it (`GET /api/log`'s default size). */
// eight: at 1920×1080 and 1280×800 a page fills the overlay in two or three columns (three a page had used a sixth of it)
export const LOG_PAGE_SIZE = 8;

export function logPage(s: TableSession, page: number, size: number, nameOf?: DieNamer) {
  const total = s.records.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(0, page), pages - 1);
  const end = total - shown * size;
  const start = Math.max(0, end - size);
  const entries = s.records
    .slice(start, end)
    .map((r, i) => resultView(s.rs, s.state, r, start + i + 1, nameOf))
    .reverse();
  return { total, page: shown, pages, size, entries };
}

/**
 * Parts of the view kept from the last one built while what they are made from has not changed; the composition
 * root keeps one per table. A die's roll moves no ship: the map is not drawn again for it.
 */
export interface ViewMemo {
  map?: {
    readonly positions: Positions | undefined;
    readonly layout: TableLayout | undefined;
    readonly ships: readonly ShipBase[];
    /** When a sighting drawn as holding lapses (the map then marks it stale). */
    readonly until: number;
    readonly value: ReturnType<typeof tableMapView>;
  };
}

/** The same ships with the same bases (a result changes a ship's state, never which ships there are or their bases). */
const sameBases = (a: readonly ShipBase[], b: readonly ShipBase[]): boolean =>
  a === b ||
  (a.length === b.length && a.every((x, i) => x.id === b[i]?.id && (x as { base?: unknown }).base === (b[i] as { base?: unknown }).base));

/** The map's part of the view: the memo's while positions, ships' bases and layout are those it was drawn from. */
function mapOf(s: TableSession, memo: ViewMemo | undefined) {
  const { positions } = s.work;
  const layout = s.setup.table;
  const ships = s.state.ships;
  const now = s.now();
  const m = memo?.map;
  if (m && m.positions === positions && m.layout === layout && now <= m.until && sameBases(m.ships, ships)) return m.value;
  const value = positions ? tableMapView(s.state, positions, layout, now, s.rs.defaultBase) : null;
  if (memo) memo.map = { positions, layout, ships, until: positions ? heldUntil(positions, now) : Number.POSITIVE_INFINITY, value };
  return value;
}

/**
 * The whole table state. `game`: the id of the game on the table, and the versions of the games before it on this
 * table (so that a page sees every state of the next game as newer). `memo`: parts kept from the last view built.
 */
export function tableView(
  s: TableSession,
  devices: DevicesView,
  display: DisplayOptions,
  game: { id: number; versionsBefore: number; stored?: StoredEnd | null } = { id: 0, versionsBefore: 0 },
  memo?: ViewMemo,
) {
  const st = s.draftStatus();
  const nameOf = dieNamer(devices.devices);
  // each ship's tags, in one pass over the table's tags (not one per ship)
  const tagsOf = new Map<string, string[]>();
  for (const [uid, ship] of Object.entries(s.tags)) tagsOf.set(ship, [...(tagsOf.get(ship) ?? []), uid]);
  const views = s.rs.shipViews(s.state);
  const ships = views.map((v) => ({ ...v, tags: tagsOf.get(v.id) ?? [] }));
  // the phases as players read them now (sides' names once the rule set knows who is "player 1")
  const phases = s.rs.phaseNames?.(s.state) ?? s.rs.phases;
  const last = s.records[s.records.length - 1];
  const head = s.followUps[0];
  const at = { positions: s.work.positions, now: s.now(), ...(s.setup.table ? { layout: s.setup.table } : {}) };
  const measured = head?.kind === "choose" ? measuredTicks(s.rs, s.state, head, at) : null;
  const outcomes = st?.odds ? [...st.odds.outcomes] : [];
  const over = gameOver(s.rs, s.state, last?.at ?? null, game.stored ?? null, s.followUps.length, views);
  return {
    version: game.versionsBefore + s.version,
    game: game.id,
    title: s.setup.title,
    scenario: s.setup.scenario,
    display,
    ruleset: { id: s.rs.id, title: s.rs.title, description: s.rs.description, phases, actions: s.rs.actions, dice: s.rs.dice },
    phase: { index: s.work.phase, name: phases[s.work.phase] ?? null, purpose: s.phasePurpose(s.work.phase) },
    turn: gameTurn(s.rs, s.state, s.work.turn),
    /** A phase's own roll set aside by a firing action from the table: it comes back after that action. */
    aside: s.work.aside ? { type: s.work.aside.type, title: actionTitle(s.rs, s.work.aside.type) } : null,
    /** What the last undo undid, until the next action resolves. */
    lastUndo: s.work.lastUndo ?? null,
    wind: s.windView(),
    windState: s.state.wind ?? null,
    ships,
    /** Where each ship stands on the table, for the map; null while no position is known. */
    table: mapOf(s, memo),
    /** The move under way in a movement phase as the rules judge it (words, figures, what to fix), or null. */
    move: s.work.moves?.judged ?? null,
    /** Where the ship whose move is set up may end it (table mm), drawn on the maps; null outside a move. */
    reach: reachView(s.work.moves?.reach),
    focus: s.work.focus ? { ship: views.find((v) => v.id === s.work.focus) ?? null, log: shipLog(s.records, s.work.focus) } : null,
    pending: st && {
      type: st.def.type,
      description: st.def.description,
      fields: st.def.fields,
      action: st.action,
      origin: s.draft?.origin ?? "table",
      purpose: s.draft?.purpose ?? null,
      missing: st.missing.map((f) => f.name),
      error: st.error,
      plan: st.plan,
      // an action without dice has no odds to show: its one outcome is certain
      odds:
        st.odds && rollsDice(st.plan)
          ? {
              outcomes: outcomes.length > MAX_OUTCOMES ? outcomes.sort((a, b) => b.p - a.p).slice(0, MAX_OUTCOMES) : outcomes,
              truncated: st.odds.truncated === true || outcomes.length > MAX_OUTCOMES,
              // the rule set's summary as typed figures (a chance, a mean, a count), each with its label
              summary: st.odds.figures,
              ...(st.odds.headline ? { headline: st.odds.headline } : {}),
            }
          : null,
      instruction: st.instruction,
      /** The draft's action is played in another phase: allowed, with this note (null in its phase, or for a demanded roll). */
      outsidePhase: st.outsidePhase,
      /** The geometry measured from the ships' positions (fields, borderline readings, refusal, the map's line and rings), or null. */
      measured: st.measure ? measureView(s.rs, s.state, st, s.work.positions) : null,
      choosing: st.choice && {
        name: st.choice.field.name,
        label: st.choice.field.label,
        value: (st.choice.value ?? null) as string | number | boolean | null,
        words: st.choice.value === undefined ? "" : choiceWords(st.choice.value, st.choice.field),
        held: st.choice.held,
      },
      roller: st.roller,
      mode: st.mode,
      dice: labelledDice(st.plan, st.gathered?.placed ?? [], nameOf),
      needed: st.gathered?.missing.reduce((a, b) => a + b, 0) ?? null,
      ready: st.ready,
    },
    followUps: s.followUps,
    /** The choice the rules ask, with the option the pad's next-choice shows (`picked`, an index), if any. */
    choice:
      head?.kind === "choose"
        ? {
            purpose: head.purpose,
            action: head.action,
            ...head.choice,
            picked: s.work.picking ?? null,
            /** A choice of several options: the pad walks them, then "done" (`picked` = the options' count). */
            many: ticksMany(head.choice),
            /** The options ticked now (the table's measurement until the pad or /control changed one), by index. */
            ticked: ticksMany(head.choice) ? tickedNow(s.work.ticked, () => measured ?? []) : [],
            /** The options the table's positions tick, or null when the choice was not measured. */
            measuredTicks: measured,
            /** What the map draws of it: the ship it centres on, its rings, the ships inside (or null). */
            map: choiceMapView(s.rs, s.state, head, { positions: s.work.positions, now: s.now(), layout: s.setup.table }),
          }
        : null,
    last: last ? resultView(s.rs, s.state, last, s.records.length, nameOf) : null,
    history: s.records.slice(-12).map((r, i, shown) => ({
      seq: r.seq,
      number: s.records.length - shown.length + i + 1,
      at: r.at,
      description: r.description,
    })),
    players: Object.entries(s.work.players).map(([side, mode]) => ({ side, mode })),
    bindings: s.work.bindings,
    /** Set-up by touch: what the table waits for, in words, or null. */
    assigning: assigningView(s, views),
    /** Ships with no tag yet (to tap their bases). */
    untagged: ships.filter((v) => v.tags.length === 0).map((v) => ({ id: v.id, name: v.name })),
    devices: devices.devices,
    dial: devices.dial,
    sim: devices.sim,
    notices: s.notices,
    /** The game is over (by the rules or the organiser): how, and each side's ships (each counted once). */
    ended: over && { ...over, sides: sideTallies(views) },
    /** What the set-up costs a side that the players may not expect (a 1666 squadron with no flagship), until the first result or the end. */
    setupWarnings: s.records.length === 0 && !over ? (s.rs.setupWarnings?.(s.state) ?? []).map((w) => w.message) : [],
  };
}

export type TableView = ReturnType<typeof tableView>;

/** The reach as the view gives it: pieces; a game kept before 2026-12-08 holds one hull (`polygon`), read as one piece. */
function reachView(r: MoveWatch["reach"] | { ship: string; polygon: [number, number][] } | undefined): MoveWatch["reach"] {
  if (!r) return null;
  if ("polygons" in r) return r;
  return Array.isArray(r.polygon) ? { ship: r.ship, polygons: [r.polygon] } : null;
}
