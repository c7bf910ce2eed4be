/**
 * wsim-battle-v3 turn structure: VIII wind change (2d6 against the wind-change number, in effect next turn),
 * the new turn (pending wind applied, signals delivered), XI timed phases, grappling and marking the ship log.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { FollowUp } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { windHeadline } from "./headline.ts";
import { wsimAction } from "./kit.ts";
import { CONTACT_MEASURES } from "./measures.ts";
import { HEXSIDE_WORDS, SECTION_WORDS } from "./outcome-facts.ts";
import { HEXSIDES, hexsideWord, type Ship, type WsimState } from "./state.ts";
import { markSentence } from "./views.ts";

/** VIII: "If the wind change number is 6, the wind changes on a roll of 2 or 12. … 5 … 2, 11 or 12. … 4 … 2, 3, 11 or 12." */
export const WIND_CHANGE_ROLLS: Readonly<Record<number, readonly number[]>> = { 6: [2, 12], 5: [2, 11, 12], 4: [2, 3, 11, 12] };

const hexOptions = (except: number) =>
  HEXSIDES.map((label, value) => ({ value, label: `from ${label}` })).filter((o) => o.value !== except);

export const windChange = wsimAction({
  type: "wind",
  describe: (_ctx, o) => {
    return o.changes ? `The wind will change next turn (rolled ${String(o.total)}).` : `The wind holds (rolled ${String(o.total)}).`;
  },
  outcomeSchema: outcomeOf({
    total: fact.die("Rolled"),
    changes: fact.flag("The wind changes", { no: "The wind holds" }),
    effectiveTurn: fact.nullable(fact.number("From turn")),
  }),
  title: "Wind change",
  description: "Wind change roll: 2d6 against the wind change number; a change takes effect next turn.",
  schema: Type.Object({ type: Type.Literal("wind") }, { additionalProperties: false }),
  prepare: ({ state, action: a }) =>
    state.wind.rolledTurn === state.game.turn ? fail("rules.illegal", "The wind change has been rolled this turn.", "action.type") : ok(a),
  plan: ({ state }) => ok([entry("wind", "d6", 2, `Wind changes on ${WIND_CHANGE_ROLLS[state.wind.changeNumber]?.join(", ")}`)]),
  resolve({ state }, dice) {
    const total = (dice[0] ?? []).reduce((x, y) => x + y, 0);
    const changes = (WIND_CHANGE_ROLLS[state.wind.changeNumber] ?? []).includes(total);
    const events: WsimEvent[] = [
      {
        type: changes ? "wind-change-announced" : "wind-steady",
        wind: { rolledTurn: state.game.turn, pending: changes ? { direction: null } : null },
      },
    ];
    const followUps: FollowUp[] = changes
      ? [
          {
            kind: "choose",
            purpose: "The wind will change next turn: set the new direction by the base game's wind rules.",
            action: { type: "wind-shift", direction: null },
            choice: { field: "direction", options: hexOptions(state.wind.direction), min: 1, max: 1 },
          },
        ]
      : [];
    return resolution({ total, changes, effectiveTurn: changes ? state.game.turn + 1 : null }, events, followUps);
  },
  summary: (d) => ({
    pChange: chance(
      "The wind changes",
      d.probability((o) => o.changes === true),
    ),
  }),
  headline: (_, odds) => windHeadline(odds),
});

export const windShift = wsimAction({
  type: "wind-shift",
  describe: (_ctx, o) => {
    return `From next turn the wind blows from the ${hexsideWord(o.pending)}.`;
  },
  outcomeSchema: outcomeOf({ pending: fact.word("From next turn the wind blows from", HEXSIDE_WORDS) }),
  title: "New wind direction",
  description: "The new wind direction of an announced change (in effect next turn).",
  schema: Type.Object(
    { type: Type.Literal("wind-shift"), direction: Type.Integer({ minimum: 0, maximum: 5, label: "Blowing from (hexside)" }) },
    { additionalProperties: false },
  ),
  prepare: ({ state, action: a }) =>
    state.wind.pending ? ok(a) : fail("rules.illegal", "No wind change has been announced.", "action.direction"),
  plan: () => ok([]),
  resolve: ({ action: a }) =>
    resolution({ pending: a.direction }, [{ type: "wind-change-set", wind: { pending: { direction: a.direction } } } as WsimEvent]),
});

export const setWind = wsimAction({
  type: "set-wind",
  describe: (_ctx, o) => {
    return `The wind is set from the ${hexsideWord(o.direction)}, wind change number ${String(o.changeNumber)}.`;
  },
  outcomeSchema: outcomeOf({
    direction: fact.word("Wind from", HEXSIDE_WORDS),
    changeNumber: fact.number("Wind change number"),
  }),
  title: "Set the wind",
  description: "Set the wind (scenario or person): direction it blows from and the wind change number.",
  schema: Type.Object(
    {
      type: Type.Literal("set-wind"),
      direction: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, label: "Blowing from (hexside 0\u20135)" })),
      changeNumber: Type.Optional(Type.Integer({ minimum: 4, maximum: 6, label: "Wind change number" })),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const wind = {
      direction: a.direction ?? state.wind.direction,
      changeNumber: a.changeNumber ?? state.wind.changeNumber,
    };
    return resolution(wind, [{ type: "wind-set", wind } as WsimEvent]);
  },
});

export const nextTurn = wsimAction({
  type: "next-turn",
  describe: (_ctx, o) => {
    const wind = o.windChanged === null || o.windChanged === undefined ? "" : "; the wind changes";
    const n = Number(o.signalsDelivered ?? 0);
    const signals = n > 0 ? `; ${n} signal${n === 1 ? "" : "s"} arrive${n === 1 ? "s" : ""}` : "";
    return `Turn ${String(o.turn)} begins${wind}${signals}.`;
  },
  outcomeSchema: outcomeOf({
    turn: fact.number("Turn"),
    windChanged: fact.nullable(fact.word("The wind now blows from", HEXSIDE_WORDS)),
    signalsDelivered: fact.count("Signals arrive", undefined, { omitZero: true }),
  }),
  title: "Next turn",
  description: "Start the next turn: an announced wind change takes effect, signals due arrive.",
  schema: Type.Object({ type: Type.Literal("next-turn") }, { additionalProperties: false }),
  prepare: ({ state, action: a }) =>
    state.wind.pending && state.wind.pending.direction === null
      ? fail("rules.illegal", "Set the new wind direction first (wind-shift).", "action.type")
      : ok(a),
  plan: () => ok([]),
  resolve({ state }) {
    const turn = state.game.turn + 1;
    const due = state.game.signals.filter((s) => s.deliverTurn <= turn);
    const events: WsimEvent[] = state.ships.map((s) =>
      shipEvent("turn-reset", s, {
        lastPlot: s.plot,
        lastMP: s.plotMP,
        plot: null,
        plotMP: null,
        collidedLastTurn: s.collidedThisTurn,
        collidedThisTurn: false,
      }),
    );
    const pending = state.wind.pending?.direction;
    events.push({
      type: "turn-started",
      wind: { pending: null, ...(pending !== null && pending !== undefined ? { direction: pending } : {}) },
      game: {
        turn,
        phase: 0,
        signals: state.game.signals.filter((s) => s.deliverTurn > turn),
        commandChanges: deliverCommand(state, due),
      },
    });
    for (const s of due) events.push({ type: "signal-delivered", signal: s });
    return resolution({ turn, windChanged: pending ?? null, signalsDelivered: due.length }, events);
  },
});

/** "This leader has to send a Leader Loss signal to his successor for the change in command to be effective." */
export function deliverCommand(
  state: WsimState,
  delivered: readonly { to: string; leaderLoss: boolean }[],
): WsimState["game"]["commandChanges"] {
  return state.game.commandChanges.map((c) => {
    const to = state.game.leaders.find((l) => l.id === c.to);
    return !c.effective && to && delivered.some((s) => s.leaderLoss && s.to === to.ship) ? { ...c, effective: true } : c;
  });
}

export const phaseTimer = wsimAction({
  type: "phase-timer",
  describe: (_ctx, o) => {
    return o.withinLimit
      ? `Within the ${String(o.limit)} s limit.`
      : o.graceGiven
        ? `Over the ${String(o.limit)} s limit: 30 s grace, the first violation.`
        : `Over the ${String(o.limit)} s limit: a violation.`;
  },
  outcomeSchema: outcomeOf({
    withinLimit: fact.flag("Within the time limit"),
    graceGiven: fact.flag("Over time: grace period given"),
    violation: fact.flag("Over time: a violation"),
    limit: fact.number("Time limit", ["second", "seconds"]),
  }),
  title: "Timed phase",
  description: "A timed phase ended: the time a player took, with a 30 s grace for the first violation.",
  schema: Type.Object(
    {
      type: Type.Literal("phase-timer"),
      player: Type.String({ label: "Player" }),
      phase: Type.String({ label: "Phase" }),
      elapsedSeconds: Type.Number({ minimum: 0, label: "Seconds taken" }),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const limit = setting<number>(state.settings, "phaseSeconds");
    const grace = setting<number>(state.settings, "graceSeconds");
    const player = a.player;
    const t = a.elapsedSeconds;
    if (t <= limit) return resolution({ withinLimit: true, graceGiven: false, violation: false, limit }, []);
    // "a grace period of 30 seconds for the first violation": only a player's first overrun may be graced.
    const firstOverrun = !state.game.graceUsed.includes(player) && (state.game.violations[player] ?? 0) === 0;
    if (firstOverrun && t <= limit + grace) {
      return resolution({ withinLimit: false, graceGiven: true, violation: false, limit }, [
        { type: "grace-given", game: { graceUsed: [...state.game.graceUsed, player] } } as WsimEvent,
      ]);
    }
    const violations = { ...state.game.violations, [player]: (state.game.violations[player] ?? 0) + 1 };
    return resolution({ withinLimit: false, graceGiven: false, violation: true, limit }, [
      { type: "time-violation", game: { violations } } as WsimEvent,
    ]);
  },
});

const engagesSol = (a: Ship, b: Ship) => a.kind !== "sol" && b.kind === "sol";

export const grapple = wsimAction({
  type: "grapple",
  describe: ({ state, action }, o) => {
    return o.grappled
      ? `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} are grappled.`
      : `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} are freed.`;
  },
  outcomeSchema: outcomeOf({ grappled: fact.flag("Grappled", { no: "Not grappled" }) }),
  title: "Grappling",
  description: "Record ships grappled/fouled or freed (the base game's grappling rolls).",
  schema: Type.Object(
    {
      type: Type.Literal("grapple"),
      ship: Type.String({ label: "Ship", input: "ship" }),
      other: Type.String({ label: "Other ship", input: "ship" }),
      grappled: Type.Boolean({ label: "Grappled or fouled" }),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const x = liveShip(state, a.ship, "ship");
    if (!x.ok) return x;
    const y = liveShip(state, a.other, "other");
    if (!y.ok) return y;
    const link = (s: Ship, o: Ship): Partial<Ship> => ({
      ...(a.grappled ? { lastCombatTurn: state.game.turn } : {}),
      grappledWith: a.grappled ? [...s.grappledWith.filter((i) => i !== o.id), o.id] : s.grappledWith.filter((i) => i !== o.id),
      ...(a.grappled && engagesSol(s, o) ? { lastEngagedSol: state.game.turn } : {}),
    });
    return resolution({ grappled: a.grappled }, [
      shipEvent(a.grappled ? "grappled" : "freed", x.value, link(x.value, y.value)),
      shipEvent(a.grappled ? "grappled" : "freed", y.value, link(y.value, x.value)),
    ]);
  },
});

export const collision = wsimAction({
  type: "collision",
  describe: ({ state, action }, _o) => {
    return `${nameOf(state, action.ship)} and ${nameOf(state, action.other)} collide.`;
  },
  outcomeSchema: outcomeOf({ collided: fact.count("Ships in collision") }),
  measure: CONTACT_MEASURES,
  title: "Collision",
  description: "Record a collision this turn (V.3: it counts as 0 MP for next turn's acceleration).",
  schema: Type.Object(
    {
      type: Type.Literal("collision"),
      ship: Type.String({ label: "Ship", input: "ship" }),
      other: Type.Optional(Type.String({ label: "Other ship", input: "ship" })),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const events: WsimEvent[] = [];
    for (const f of a.other === undefined ? (["ship"] as const) : (["ship", "other"] as const)) {
      const s = liveShip(state, a[f], f);
      if (!s.ok) return s;
      events.push(shipEvent("collided", s.value, { collidedThisTurn: true }));
    }
    return resolution({ collided: events.length }, events);
  },
});

const SECTIONS = ["hull", "gunsLeft", "gunsRight", "crew1", "crew2", "crew3", "rigging1", "rigging2", "rigging3", "rigging4"] as const;

export const mark = wsimAction({
  type: "mark",
  outcomeSchema: outcomeOf({ section: fact.word("Section", SECTION_WORDS), boxes: fact.count("Boxes marked") }),
  title: "Mark the log",
  description: "Mark (or with a negative number clear) boxes of a section of the ship log.",
  schema: Type.Object(
    {
      type: Type.Literal("mark"),
      ship: Type.String({ label: "Ship", input: "ship" }),
      section: literals(SECTIONS, { label: "Section" }),
      boxes: Type.Integer({ label: "Boxes" }),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const ship = s.value;
    const sec = a.section;
    const bump = <T extends { boxes: number; marked: number }>(t: T): T => ({
      ...t,
      marked: Math.min(t.boxes, Math.max(0, t.marked + a.boxes)),
    });
    const no = fail("rules.illegal", `${ship.name} has no ${sec} section on its log.`, "action.section");
    let set: Partial<Ship>;
    if (sec === "hull" || sec === "gunsLeft" || sec === "gunsRight") {
      const t = ship[sec];
      if (!t) return no;
      set = { [sec]: bump(t) };
    } else {
      const list = sec.startsWith("crew") ? ship.crewSections : ship.rigging;
      const i = Number(sec.slice(-1)) - 1;
      if (!list?.[i]) return no;
      const updated = list.map((t, k) => (k === i ? bump(t) : t));
      set = sec.startsWith("crew") ? { crewSections: updated as Ship["crewSections"] } : { rigging: updated };
    }
    return resolution({ section: sec, boxes: a.boxes }, [shipEvent("log-marked", ship, set)]);
  },
  describe: ({ state, action }) => markSentence(state, action),
});

export const TURN = [windChange, windShift, setWind, nextTurn, phaseTimer, grapple, collision, mark];
