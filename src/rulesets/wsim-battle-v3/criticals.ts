/**
 * wsim-battle-v3 XII: critical hits (club table or the person's pick), the Possible Leader Casualty added to
 * 3R/3H/9R/9H/15R/15H with succession, and the 4R/6R odd/even broadside roll.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chances, fieldDistribution, flagChance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp, TableState } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { standInNote } from "./data.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { broadsideLossHeadline, leaderCasualtyHeadline } from "./headline.ts";
import { wsimAction } from "./kit.ts";
import { CRITICAL_MEASURES, LEADER_CASUALTY_MEASURES } from "./measures.ts";
import type { Leader, WsimState } from "./state.ts";

/** XII.1: "the only double No Effect items in the list". */
export const LEADER_CASUALTY_ENTRIES = [3, 9, 15];
/** XII.2: "Change to 4R and 6R". */
export const BROADSIDE_ROLL_ENTRIES = ["4R", "6R"];

/** XII.1: "Add 1 if the range is 5 or 6, 2 if the range is 3 or 4, 3 if the range is 2, and 5 if the range is 1." */
export function leaderRangeModifier(range: number): number {
  if (range <= 1) return 5;
  if (range === 2) return 3;
  if (range <= 4) return 2;
  if (range <= 6) return 1;
  return 0;
}

/**
 * A critical hit's meaning: the loaded critical table's entry, else what XII of the text says of it (a possible leader
 * casualty on 3, 9 and 15; 4R and 6R a broadside reduced), else the entry to read on the base game's table.
 */
export function criticalMeaning(code: string, state: TableState): string {
  const n = Number.parseInt(code, 10);
  const aim = code.endsWith("H") ? "hull" : "rigging";
  const table = (state as WsimState).data?.critical?.[aim];
  const text = table?.[String(n)];
  if (text) return text;
  if (LEADER_CASUALTY_ENTRIES.includes(n)) return "no effect, but a possible leader casualty (XII.1)";
  if (BROADSIDE_ROLL_ENTRIES.includes(code)) return "a broadside reduced: odd the left, even the right (XII.2)";
  return `read entry ${code} on the base game's Critical Hit Table (${aim})`;
}

export const critical = wsimAction({
  type: "critical",
  describe: ({ state }, o) => {
    return `Critical hit ${o.code}${o.text ? `: ${o.text}` : ""}.${o.text ? standInNote(state.data) : ""}`;
  },
  outcomeSchema: outcomeOf({
    entry: fact.hidden(Type.Integer()),
    code: fact.entry("Critical hit", criticalMeaning),
    text: fact.hidden(Type.Union([Type.String(), Type.Null()])),
    leaderRisk: fact.flag("Possible leader casualty: roll for each leader aboard"),
    broadsideRoll: fact.flag("Roll for the broadside reduced"),
  }),
  measure: CRITICAL_MEASURES,
  title: "Critical hit",
  description: "A critical hit: rolled on the club's critical table, or the entry the person read.",
  schema: actionSchema("critical", {
    ship: shipField("Ship hit"),
    aim: Type.Union([Type.Literal("hull"), Type.Literal("rigging")], { label: "Table" }),
    rangeHexes: Type.Integer({ minimum: 1, label: "Range (hexes)" }),
    entry: Type.Optional(Type.Integer({ minimum: 1, label: "Entry (if read by a person)" })),
    hitTable: Type.Optional(Type.Integer({ minimum: 0, label: "Hit Table number of the fire" })),
  }),
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    if (a.entry === undefined && !state.data?.critical) {
      return fail("input.invalid", "No critical table is loaded: give the entry read from the base game's table.", "action.entry");
    }
    if (a.entry === undefined && state.data?.critical?.addHitTableNumber && a.hitTable === undefined) {
      return fail("input.invalid", "The critical roll is one die plus the Hit Table number: give hitTable.", "action.hitTable");
    }
    return ok(a);
  },
  plan: ({ state, action: a }) =>
    ok(
      a.entry === undefined && state.data?.critical
        ? [
            entry(
              "critical",
              "d6",
              state.data.critical.dice,
              state.data.critical.addHitTableNumber
                ? `Critical hit table (${a.aim}): the die plus Hit Table number ${a.hitTable}`
                : `Critical hit table (${a.aim})`,
            ),
          ]
        : [],
    ),
  resolve({ state, action: a }, dice) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const ship = s.value;
    // The base game's critical roll: "one die plus the Hit Table number" when the club's table says so.
    const plus = state.data?.critical?.addHitTableNumber ? (a.hitTable ?? 0) : 0;
    const n = a.entry === undefined ? (dice[0] ?? []).reduce((x, y) => x + y, 0) + plus : a.entry;
    const code = `${n}${a.aim === "hull" ? "H" : "R"}`;
    const table = a.aim === "hull" ? state.data?.critical?.hull : state.data?.critical?.rigging;
    const text = table?.[String(n)] ?? null;
    const followUps: FollowUp[] = [];
    const leaderRisk = setting<boolean>(state.settings, "leaderCasualties") && LEADER_CASUALTY_ENTRIES.includes(n);
    if (leaderRisk) {
      for (const l of state.game.leaders.filter((x) => x.ship === ship.id && x.status === "active")) {
        followUps.push({
          kind: "roll",
          purpose: `Possible leader casualty: ${l.name} (12+ on two dice with the range modifier).`,
          action: { type: "leader-casualty", leader: l.id, rangeHexes: a.rangeHexes },
        });
      }
    }
    const broadsideRoll = setting<boolean>(state.settings, "fallenRigging") && BROADSIDE_ROLL_ENTRIES.includes(code);
    if (broadsideRoll) {
      followUps.push({
        kind: "roll",
        purpose: `${code}: odd reduces the left broadside, even the right.`,
        action: { type: "broadside-loss", ship: ship.id },
      });
    }
    return resolution({ entry: n, code, text, leaderRisk, broadsideRoll }, [shipEvent("critical-hit", ship, {}, { code })], followUps);
  },
  summary: (d) => ({
    code: chances(fieldDistribution(d, "code"), (code) => `Critical ${code}`),
    pLeaderRisk: flagChance("A leader at risk", d, "leaderRisk"),
  }),
});

export const broadsideLoss = wsimAction({
  type: "broadside-loss",
  describe: ({ state, action }, o) => {
    return `${nameOf(state, action.ship)}'s ${o.broadside} broadside is reduced.`;
  },
  outcomeSchema: outcomeOf({ broadside: fact.word("Broadside reduced", { left: "left", right: "right" }) }),
  title: "Broadside reduced",
  description: "4R/6R: one die, odd reduces the left broadside, even the right.",
  schema: actionSchema("broadside-loss", { ship: shipField("Ship") }),
  plan: () => ok([entry("broadside", "d6", 1, "Odd: left broadside; even: right")]),
  resolve({ state, action: a }, dice) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const broadside = (dice[0]?.[0] ?? 0) % 2 === 1 ? "left" : "right";
    return resolution({ broadside }, [shipEvent("broadside-reduced", s.value, {}, { broadside })]);
  },
  summary: (d) => ({ broadside: chances(fieldDistribution(d, "broadside"), (side) => `Loses the ${side} broadside`) }),
  headline: ({ state, action }, odds) => broadsideLossHeadline(state, action, odds),
});

/**
 * XII.1.1 successor: "the next player in seniority for fleet or division command, if there is another player
 * currently available" — the most senior played leader junior to the one who fell (seniority 1 = most senior), never
 * one senior to him; none when no played leader is junior to him.
 */
export function successorOf(leaders: readonly Leader[], fallen: Leader): Leader | null {
  const candidates = leaders
    .filter(
      (l) =>
        l.side === fallen.side &&
        l.id !== fallen.id &&
        l.status === "active" &&
        l.playedBy !== null &&
        l.playedBy !== fallen.playedBy &&
        l.seniority > fallen.seniority,
    )
    .sort((x, y) => x.seniority - y.seniority);
  return candidates[0] ?? null;
}

export const leaderCasualty = wsimAction({
  type: "leader-casualty",
  describe: (_ctx, o) => {
    return o.casualty ? `The leader falls (${o.total}).` : `The leader is unhurt (${o.total}).`;
  },
  outcomeSchema: outcomeOf({
    total: fact.die("Rolled with the range modifier"),
    modifier: fact.modifier("Range modifier"),
    casualty: fact.flag("The leader falls (12+)", { no: "The leader is unhurt" }),
    successor: fact.shipOrNull("Command passes to"),
    mustImpersonate: fact.flag("His player takes on another leader"),
  }),
  measure: LEADER_CASUALTY_MEASURES,
  title: "Leader casualty",
  description: "Possible leader casualty: two dice plus the range modifier; 12 or more and the leader falls.",
  schema: actionSchema("leader-casualty", {
    leader: Type.String({ label: "Leader" }),
    rangeHexes: Type.Integer({ minimum: 1, label: "Range (hexes)" }),
  }),
  prepare({ state, action: a }) {
    const l = state.game.leaders.find((x) => x.id === a.leader);
    if (!l) return fail("input.invalid", `There is no leader "${a.leader}" in game.leaders.`, "action.leader");
    return l.status === "active" ? ok(a) : fail("rules.illegal", `${l.name} is no longer in play.`, "action.leader");
  },
  plan: () => ok([entry("casualty", "d6", 2, "Leader casualty on 12+ with the range modifier")]),
  resolve({ state, action: a }, dice) {
    const leader = state.game.leaders.find((x) => x.id === a.leader);
    if (!leader) return fail("input.invalid", `There is no leader "${a.leader}".`, "action.leader");
    const modifier = leaderRangeModifier(a.rangeHexes);
    const total = (dice[0] ?? []).reduce((x, y) => x + y, 0) + modifier;
    const casualty = total >= 12;
    if (!casualty) return resolution({ total, modifier, casualty, successor: null, mustImpersonate: false }, []);
    const lost = leadersLost(state, [leader.id], "casualty");
    return resolution(
      { total, modifier, casualty, successor: lost.successors[leader.id] ?? null, mustImpersonate: leader.playedBy !== null },
      lost.events,
      lost.followUps,
    );
  },
  summary: (d) => ({
    pCasualty: flagChance("The leader is a casualty", d, "casualty"),
  }),
  headline: (_, odds) => leaderCasualtyHeadline(odds),
});

/**
 * XII.1.1–2 for leaders lost, as casualties or captured ("Use the same procedure if a leader is captured"): a played
 * leader's command passes to the next player in seniority once a Leader Loss signal arrives, and his player picks
 * another leader to impersonate; a leader not played is just noted.
 */
export function leadersLost(
  state: WsimState,
  ids: readonly string[],
  status: "casualty" | "captured",
): { events: WsimEvent[]; followUps: FollowUp[]; successors: Record<string, string | null> } {
  const fallen = state.game.leaders.filter((l) => ids.includes(l.id) && l.status === "active");
  const leaders = state.game.leaders.map((l) => (fallen.some((f) => f.id === l.id) ? { ...l, status } : l));
  const events: WsimEvent[] = fallen.map((l) => ({
    type: status === "casualty" ? "leader-casualty" : "leader-captured",
    leader: l.id,
    game: { leaders },
  }));
  const followUps: FollowUp[] = [];
  const successors: Record<string, string | null> = {};
  let commandChanges = state.game.commandChanges;
  for (const leader of fallen) {
    // XII.1.2: a leader not played "just note the loss".
    const successor = leader.playedBy !== null ? successorOf(leaders, leader) : null;
    successors[leader.id] = successor?.id ?? null;
    if (leader.playedBy === null) continue;
    if (successor) {
      commandChanges = [...commandChanges, { side: leader.side, from: leader.id, to: successor.id, effective: false }];
      events.push({ type: "command-change-pending", game: { commandChanges } });
    }
    const options = leaders.filter((l) => l.side === leader.side && l.status === "active" && l.playedBy === null);
    if (options.length > 0) {
      followUps.push({
        kind: "choose",
        purpose: `${leader.playedBy} must pick another leader to impersonate and send a Leader Loss signal${successor ? ` to ${successor.name}` : ""}.`,
        action: { type: "impersonate", player: leader.playedBy, leader: null },
        choice: { field: "leader", options: options.map((l) => ({ value: l.id, label: l.name })), min: 1, max: 1 },
      });
    }
  }
  return { events, followUps, successors };
}

export const impersonate = wsimAction({
  type: "impersonate",
  describe: ({ state }, o) => {
    return `Player ${o.player} takes on ${state.game.leaders.find((l) => l.id === o.leader)?.name ?? "another leader"}.`;
  },
  outcomeSchema: outcomeOf({ player: fact.hidden(Type.String()), leader: fact.hidden(Type.String()) }),
  title: "New leader",
  description: "A player whose leader fell takes on another leader.",
  schema: actionSchema("impersonate", { player: Type.String({ label: "Player" }), leader: Type.String({ label: "Leader" }) }),
  prepare({ state, action: a }) {
    const l = state.game.leaders.find((x) => x.id === a.leader);
    if (!l) return fail("input.invalid", `There is no leader "${a.leader}".`, "action.leader");
    if (l.status !== "active" || l.playedBy !== null) return fail("rules.illegal", `${l.name} cannot be taken on.`, "action.leader");
    return ok(a);
  },
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const leaders = state.game.leaders.map((l) => (l.id === a.leader ? { ...l, playedBy: a.player } : l));
    return resolution({ player: a.player, leader: a.leader }, [{ type: "leader-impersonated", game: { leaders } }]);
  },
});

export const CRITICALS = [critical, broadsideLoss, leaderCasualty, impersonate];
