/**
 * "Squadron Breakpoint", "Initiative" and the windward edge (set by the scenario or a person; no dice).
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../../dice/plan.ts";
import { oddsOfEntries } from "../../../game/action-handler.ts";
import { chance, chances, detail, flagChance, roll } from "../../../game/action-kit.ts";
import { actionSchema } from "../../../game/action-schema.ts";
import { highestRoll } from "../../../game/highest-roll.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import { flagHeadline } from "../../../odds/headline.ts";
import { jointOutcomes } from "../../../odds/product.ts";
import { ok } from "../../../result.ts";
import { TABLE_EDGES } from "../../../wind/compass.ts";
import { initiativeHeadline } from "../headline.ts";
import { illegal, soleBayAction } from "../lookup.ts";
import { EDGE_WORDS, modifiedRoll } from "../outcome-facts.ts";
import { breakpointDue, breakpointModifiers, countedShips, losses } from "../squadron.ts";
import { afloat } from "../state.ts";
import { BREAKPOINT_BREAKS_ON } from "../tables.ts";

export const breakpoint = soleBayAction({
  type: "breakpoint",
  outcomeSchema: outcomeOf({
    squadron: fact.text("Squadron"),
    losses: fact.count("Ships lost"),
    modified: modifiedRoll,
    broken: fact.flag("The squadron breaks off", { no: "The squadron fights on" }),
  }),
  title: "Squadron breakpoint",
  description: "Squadron breakpoint test: 1d6 with modifiers; breaks off and retires on 1 or 2.",
  schema: actionSchema("breakpoint", { squadron: Type.String({ minLength: 1, label: "Squadron / division" }) }),
  prepare({ state, action: a }) {
    if (countedShips(state, a.squadron).length === 0)
      return illegal(`There is no squadron "${a.squadron}" (fireships are ignored).`, "action.squadron");
    if (state.game.broken.includes(a.squadron)) return illegal(`Squadron ${a.squadron} has already broken off.`, "action.squadron");
    if (!breakpointDue(state, a.squadron)) return illegal(`No breakpoint test is due for squadron ${a.squadron}.`, "action.squadron");
    const modifiers = breakpointModifiers(state, a.squadron);
    return ok({ squadron: a.squadron, losses: losses(state, a.squadron), modifiers, modifier: modifiers.reduce((s, m) => s + m.value, 0) });
  },
  plan: ({ prepared: ctx }) => [
    entry(
      "breakpoint",
      "d6",
      1,
      `Breakpoint of ${ctx.squadron}: breaks on ${BREAKPOINT_BREAKS_ON} or less${ctx.modifiers.map((m) => `, ${m.value > 0 ? "+" : ""}${m.value} ${m.reason}`).join("")}`,
    ),
  ],
  outcome: ({ prepared: ctx }, dice) => {
    const modified = (dice[0]?.[0] ?? 0) + ctx.modifier;
    return { squadron: ctx.squadron, losses: ctx.losses, modified, broken: modified <= BREAKPOINT_BREAKS_ON };
  },
  effects: ({ prepared: ctx }, o) => ({
    events: [
      { type: "breakpoint-tested", squadron: ctx.squadron, losses: ctx.losses },
      ...(o.broken ? [{ type: "squadron-broken" as const, squadron: ctx.squadron }] : []),
    ],
  }),
  summary: (dist, { prepared: ctx }) => ({
    modifiers: detail(ctx.modifiers),
    pBreaks: flagChance("The squadron breaks off", dist, "broken"),
  }),
  describe: (_ctx, o) => `Squadron ${o.squadron} ${o.broken ? "breaks off and retires" : "holds"} (modified roll ${o.modified})`,
  headline: ({ action }, odds) => flagHeadline(`Breakpoint test: ${action.squadron}`, odds, "broken", "Breaks off", "Holds"),
});

export const initiative = soleBayAction({
  type: "initiative",
  outcomeSchema: outcomeOf({
    rolls: fact.rows("Rolls", { side: fact.hidden(Type.String()), roll: fact.die("Rolled") }, "side"),
    winner: fact.textOrNull("Initiative", { none: "Drawn: roll again" }),
    tied: fact.words("Drawn between", {}),
  }),
  title: "Initiative",
  description: "Each side rolls 1d6; highest has the initiative; draws are re-rolled.",
  schema: actionSchema("initiative", {
    // A list of sides, or one text of comma-separated sides as a form field gives it.
    // not a form field: every side rolls, and the re-roll after a draw names the tied sides itself
    sides: Type.Union([Type.Array(Type.String({ minLength: 1 })), Type.String()], {
      default: [],
      label: "Sides rolling",
      hidden: true,
    }),
  }),
  prepare({ state, action: a }) {
    const present = [...new Set(state.ships.filter((s) => afloat(state, s)).map((s) => s.side))];
    const asked =
      typeof a.sides === "string"
        ? a.sides
            .split(",")
            .map((x) => x.trim())
            .filter((x) => x !== "")
        : a.sides;
    const sides = asked.length > 0 ? asked : present;
    const unknownSide = sides.find((s) => !state.ships.some((x) => x.side === s));
    if (unknownSide !== undefined) return illegal(`There is no side "${unknownSide}".`, `action.sides[${sides.indexOf(unknownSide)}]`);
    if (new Set(sides).size < 2) return illegal("Initiative needs at least two sides.", "action.sides");
    return ok({ sides: [...new Set(sides)] });
  },
  plan: ({ prepared: ctx }) => ctx.sides.map((s) => bySide(s, entry("initiative", "d6", 1, `Initiative for ${s}`))),
  outcome({ prepared: ctx }, dice) {
    const rolls = ctx.sides.map((side, i) => ({ side, roll: dice[i]?.[0] ?? 0 }));
    const { winner, tied } = highestRoll(rolls);
    return { rolls, winner, tied };
  },
  effects: ({ prepared: _ctx }, o) =>
    o.winner !== null
      ? { events: [{ type: "initiative", side: o.winner }] }
      : {
          events: [],
          followUps: [roll(`Initiative drawn between ${o.tied.join(" and ")}: re-roll`, { type: "initiative", sides: o.tied })],
        },
  odds: ({ prepared: ctx }) => {
    // Each side's die is independent, so the joint space (6^n roll vectors, 16 sides at most) is never enumerated:
    // the summary is a sum over the winning face, and the listed vectors are the first found best-first.
    const { pWins, pDraw } = initiativeChances(ctx.sides);
    const faces = [1, 2, 3, 4, 5, 6].map((roll) => ({ value: roll, p: 1 / 6 }));
    const joint = jointOutcomes(
      ctx.sides.map(() => faces),
      (values) => {
        const rolls = ctx.sides.map((side, i) => ({ side, roll: values[i] ?? 0 }));
        return { rolls, ...highestRoll(rolls) };
      },
    );
    const summary = { pWins: chances(pWins, (side) => `${side} has initiative`), pDraw: chance("Draw (re-roll)", pDraw) };
    return oddsOfEntries(joint.entries, summary, joint.truncated);
  },
  describe: (_ctx, o) =>
    o.winner !== null ? `${o.winner} has the initiative` : `Initiative drawn between ${o.tied.join(" and ")}: re-roll`,
  headline: (_, odds) => initiativeHeadline(odds),
});

/**
 * Who wins an initiative of n sides, each rolling 1d6: a side wins alone on face r when every other side rolls under
 * r, so P(win) = Σ_r (1/6)·((r − 1)/6)^(n − 1); the rest is a draw (re-rolled).
 */
export function initiativeChances(sides: readonly string[]): { pWins: Record<string, number>; pDraw: number } {
  let pWin = 0;
  for (let r = 1; r <= 6; r++) pWin += ((r - 1) / 6) ** (sides.length - 1) / 6;
  return { pWins: Object.fromEntries(sides.map((s) => [s, pWin])), pDraw: Math.max(0, 1 - pWin * sides.length) };
}

export const setWind = soleBayAction({
  type: "set-wind",
  outcomeSchema: outcomeOf({ windward: fact.word("Windward", EDGE_WORDS) }),
  title: "Windward edge",
  description: "Set the windward table edge (by the scenario or a person; no dice).",
  schema: actionSchema("set-wind", { windward: literals(TABLE_EDGES, { label: "Windward edge" }) }),
  prepare: ({ action: a }) => ok({ windward: a.windward }),
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({ windward: ctx.windward }),
  effects: ({ prepared: ctx }) => ({ events: [{ type: "wind-set", windward: ctx.windward }] }),
  describe: (_ctx, o) => `Windward edge: ${o.windward}`,
});
