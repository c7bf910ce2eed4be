/**
 * The `quickfire` rule set: Quickfire pre-dreadnought era fast-play rules (WTJ), text
 * `quickfire-pre-dreadnought.txt`. No wind. The combat chart is a replaceable data file (house default shipped).
 */
import { fail, ok, type Result } from "../../game/result.ts";
import { parseWith } from "../../game/schema.ts";
import type { Action, RuleSet } from "../../game/types.ts";
import { oddsOverPlan } from "../../odds/plan-odds.ts";
import { type Chart, HOUSE_CHART, parseChart } from "./chart.ts";
import { damageRollAction, directionAction } from "./damage-rolls.ts";
import { applyQuickfireEvent } from "./events.ts";
import { gunneryAction, quickfireAttackAction } from "./gunnery-actions.ts";
import { initiativeAction } from "./initiative.ts";
import type { QfAction } from "./kit.ts";
import { endPhaseAction, moveAction } from "./movement.ts";
import { fireAction, repairAction, sinkingAction } from "./repair.ts";
import { GameSchema, type QuickfireState, SettingsSchema, type Ship, ShipSchema } from "./ship.ts";
import { torpedoAction, torpedoDamageAction } from "./torpedo.ts";
import { shipView } from "./views.ts";

export { HOUSE_CHART, HOUSE_LABEL, parseChart } from "./chart.ts";

const ACTIONS: readonly QfAction<unknown>[] = [
  gunneryAction,
  quickfireAttackAction,
  torpedoAction,
  torpedoDamageAction,
  damageRollAction,
  directionAction,
  fireAction,
  repairAction,
  sinkingAction,
  moveAction,
  endPhaseAction,
  initiativeAction,
];

function actionOf(type: unknown): Result<QfAction<unknown>> {
  const a = ACTIONS.find((x) => x.def.type === type);
  return a ? ok(a) : fail("rules.illegal", `quickfire has no action "${String(type)}".`, "action.type");
}

/** Log values that cannot exceed the ratings they are marked against. */
function checkShip(ship: Ship, i: number): Result<Ship> {
  const over = (
    [
      ["heavyRofLost", ship.heavyRof],
      ["lightRofLost", ship.lightRof],
      ["torpedoLost", ship.torpedo],
      ["repairUsed", ship.repair],
    ] as const
  ).find(([field, max]) => ship[field] + ship.pending[field] > max);
  if (over) return fail("input.invalid", `ships[${i}].${over[0]} is more than the ship's rating of ${over[1]}.`, `ships[${i}].${over[0]}`);
  return ok(ship);
}

function parseShips(raw: unknown): Result<Ship[]> {
  if (!Array.isArray(raw)) return fail("input.invalid", "ships must be an array of ship logs.", "ships");
  const ships: Ship[] = [];
  for (const [i, r] of raw.entries()) {
    const parsed = parseWith(ShipSchema, r, `ships[${i}]`);
    if (!parsed.ok) return parsed;
    const checked = checkShip(parsed.value, i);
    if (!checked.ok) return checked;
    if (ships.some((s) => s.id === checked.value.id))
      return fail("input.invalid", `Two ships have the id "${checked.value.id}".`, `ships[${i}].id`);
    ships.push(checked.value);
  }
  return ok(ships);
}

/** Runs an action's dice-free check and plan. */
function prepared(state: QuickfireState, action: Action) {
  const a = actionOf(action.type);
  if (!a.ok) return a;
  const ctx = a.value.context(state, action);
  if (!ctx.ok) return ctx;
  return ok({ a: a.value, ctx: ctx.value, plan: a.value.plan(state, ctx.value) });
}

export const quickfire: RuleSet<QuickfireState> = {
  id: "quickfire",
  title: "Quickfire",
  description:
    "Quickfire pre-dreadnought naval rules, c. 1890–1905: ROF and gunnery dice, blast damage, torpedoes, fires, repairs, sinking",
  settings: [
    {
      name: "scale",
      default: "small",
      values: ["small", "large"],
      description: "Game Scales table: small (1/3000, 1/2400) or large (1/1800, 1/1500)",
    },
    {
      name: "units",
      default: "metric",
      values: ["metric", "imperial"],
      description: "Measure unit: millimetres or inches (Game Scales table)",
    },
    {
      name: "halfRofRounding",
      default: "down",
      values: ["down", "up"],
      description: 'Fore and aft arcs: "all ROF ratings are halved" (3.1) — the text does not say how odd ratings round',
    },
  ],
  actions: ACTIONS.map((a) => a.def),
  // display labels of the turn sequence (1.4); `game.phase` holds the matching ids of PHASES
  phases: ["Movement", "First gunnery", "Second gunnery and torpedoes", "Repair: fires, repairs, sinking"],
  dataFile: {
    description: `Quickfire combat chart (gunnery columns, blast lines, torpedo table, damage table, repairs, sinking); default: ${HOUSE_CHART.label}`,
    parse: parseChart,
  },
  parseState(raw, data) {
    if (raw.wind !== undefined && raw.wind !== null) return fail("input.invalid", "Quickfire has no wind; leave wind out.", "wind");
    const ships = parseShips(raw.ships ?? []);
    if (!ships.ok) return ships;
    const game = parseWith(GameSchema, raw.game, "game");
    if (!game.ok) return game;
    const settings = parseWith(SettingsSchema, raw.settings, "settings");
    if (!settings.ok) return settings;
    return ok({
      ships: ships.value,
      wind: null,
      game: game.value,
      settings: settings.value,
      data: (data as Chart | undefined) ?? HOUSE_CHART,
    });
  },
  parseAction(_state, raw) {
    const a = actionOf((raw as { type?: unknown }).type);
    if (!a.ok) return a;
    return parseWith(a.value.schema, raw, "action") as Result<Action>;
  },
  plan(state, action) {
    const p = prepared(state, action);
    return p.ok ? ok(p.value.plan) : p;
  },
  odds(state, action) {
    const p = prepared(state, action);
    if (!p.ok) return p;
    const { a, ctx, plan } = p.value;
    const dist = oddsOverPlan(plan, (groups) => a.outcome(state, ctx, groups));
    return ok({
      outcomes: dist.entries.map((e) => ({ outcome: e.value, p: e.p })),
      summary: { ...a.summary(dist), chart: state.data.label },
    });
  },
  resolve(state, action, dice) {
    const p = prepared(state, action);
    if (!p.ok) return p;
    const { a, ctx } = p.value;
    const outcome = a.outcome(state, ctx, dice);
    const { events, followUps } = a.effects(state, ctx, outcome, dice);
    return ok({ outcome, events, followUps });
  },
  applyEvent: applyQuickfireEvent,
  windView: () => null,
  shipViews: (state) => state.ships.map((s) => shipView(state, s)),
  describe(state, action, outcome) {
    const a = ACTIONS.find((x) => x.def.type === action.type);
    return a ? a.describe(state, action, outcome) : "";
  },
};
