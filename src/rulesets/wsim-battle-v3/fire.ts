/**
 * wsim-battle-v3 fire combat: I (SOLs and frigates), II.1 (seasoned +1), IX (rake zone, stated by the caller),
 * X (a normal and a red die; a critical only on doubles, also on a no-result; aim by range). The Fire Table comes
 * from the club's data file, else the person reads it and answers a `choose` follow-up.
 */

import { type Static, Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chances, detail, fieldDistribution, flagChance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { FollowUp } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok } from "../../result.ts";
import { checkBaseRange, damageSummary, gunsForBand, hitTableNumber, markDamage } from "./base-fire.ts";
import { AMMUNITION, type HitTables, NO_DAMAGE, readHitTable } from "./base-tables.ts";
import { fireColumn, hitsFor, standInNote } from "./data.ts";
import { firerAndTarget, shipEvent, type WsimEvent } from "./events.ts";
import { criticalFollowUp } from "./fire-follow-ups.ts";
import { fireHeadline } from "./headline.ts";
import { wsimAction } from "./kit.ts";
import { FIRE_MEASURES } from "./measures.ts";
import { AIM_WORDS, BOXES, MODIFIER_WORDS, RAKE_WORDS } from "./outcome-facts.ts";
import { left, type Ship, type WsimState } from "./state.ts";

const FIRE_SCHEMA = actionSchema("fire", {
  firer: shipField("Firing ship"),
  target: shipField("Target"),
  rangeHexes: Type.Integer({ minimum: 1, label: "Range (hexes)" }),
  aim: Type.Optional(Type.Union([Type.Literal("hull"), Type.Literal("rigging")], { label: "Aim (default: hull at 5 hexes or less)" })),
  broadside: Type.Union([Type.Literal("left"), Type.Literal("right")], { default: "left", label: "Broadside" }),
  gunsFiring: Type.Optional(Type.Integer({ minimum: 0, label: "Guns firing" })),
  rake: Type.Union([Type.Literal("none"), Type.Literal("bow"), Type.Literal("stern")], { default: "none", label: "Rake zone (IX)" }),
  modifier: Type.Integer({ default: 0, label: "Other modifiers of the base game" }),
  ammunition: literals(AMMUNITION, { default: "round", label: "Shot" }),
  carronades: Type.Integer({ minimum: 0, default: 0, label: "Carronades firing" }),
  initialBroadside: Type.Optional(Type.Boolean({ label: "Initial broadside (default: first from that side)" })),
  targetBroadside: Type.Union([Type.Literal("left"), Type.Literal("right")], { default: "left", label: "Target's side hit" }),
});

/** A fire action as its schema gives it. */
type FireAction = Static<typeof FIRE_SCHEMA>;

/** I: "unless the frigate has shot at, or has been involved in grappling or boarding with, a SOL … during the last three turns". */
export function frigateMayBeFired(state: WsimState, target: Ship): boolean {
  return target.lastEngagedSol !== null && state.game.turn - target.lastEngagedSol <= setting<number>(state.settings, "solFrigateTurns");
}

/** X.2 aim: hull at 5 hexes or less unless declared otherwise; always rigging beyond. */
export const aimOf = (state: WsimState, a: Pick<FireAction, "rangeHexes" | "aim">): "hull" | "rigging" =>
  a.rangeHexes > setting<number>(state.settings, "hullAimMaxHexes") ? "rigging" : a.aim === "rigging" ? "rigging" : "hull";

function gunsFiring(firer: Ship, a: FireAction): number | null {
  if (typeof a.gunsFiring === "number") return a.gunsFiring;
  const track = a.broadside === "right" ? firer.gunsRight : firer.gunsLeft;
  return track ? left(track) : null;
}

/** II.1 seasoned +1 "when firing with 4 guns or more in the Basic Game and 7 guns or more in the Advanced Game". */
export function fireModifiers(state: WsimState, firer: Ship, a: FireAction, guns: number): Record<string, number> {
  const mods: Record<string, number> = {};
  const need = setting<string>(state.settings, "gameLevel") === "basic" ? 4 : 7;
  if (firer.crew === "seasoned" && guns >= need) mods.seasoned = 1;
  const crew = state.data?.fire?.crewModifiers?.[firer.crew];
  if (firer.crew !== "seasoned" && crew) mods.crew = crew;
  if (a.rake !== "none" && state.data?.fire?.rakeModifier) mods.rake = state.data.fire.rakeModifier;
  if (a.modifier) mods.other = a.modifier;
  return mods;
}

export const fire = wsimAction({
  type: "fire",
  describe: ({ state, action }, o) => {
    const crit = o.critical ? " — doubles: critical hit!" : ` — no critical (red ${o.red}).`;
    if (o.damage) {
      const d = o.damage;
      const read = o.hitTable === null ? "no guns" : `Hit Table ${o.hitTable}, die ${o.normal}`;
      return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${o.aim}: ${read} — ${d.hull} hull, ${d.guns} guns, ${d.crew} crew, ${d.rigging} rigging${crit}${standInNote(state.data)}`;
    }
    const hits = o.hits === null ? "read the Fire Table" : plural(o.hits, "hit");
    return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${o.aim}: die ${o.modifiedDie}, ${hits}${crit}${o.hits === null ? "" : standInNote(state.data)}`;
  },
  outcomeSchema: outcomeOf({
    normal: fact.die("Normal die"),
    red: fact.die("Red die"),
    modifiedDie: Type.Optional(fact.die("Modified die")),
    modifiers: fact.modifiers("Modifiers", MODIFIER_WORDS),
    aim: fact.word("Aimed at", AIM_WORDS),
    guns: fact.count("Guns firing"),
    band: Type.Optional(fact.nullable(fact.word<number>("Gun band", {}))),
    hitTableBase: Type.Optional(fact.nullable(fact.number("Hit Table before modifiers"))),
    hitTable: Type.Optional(fact.nullable(fact.number("Hit Table"))),
    ammunition: Type.Optional(fact.word("Shot", { round: "round shot", chain: "chain shot", grape: "grape shot", double: "double shot" })),
    rake: fact.word("Rake", RAKE_WORDS),
    damage: Type.Optional(
      fact.row("Damage", {
        hull: fact.count("Hull", BOXES, { omitZero: true }),
        guns: fact.count("Guns", BOXES, { omitZero: true }),
        crew: fact.count("Crew", BOXES, { omitZero: true }),
        rigging: fact.count("Rigging", BOXES, { omitZero: true }),
      }),
    ),
    hits: fact.nullable(fact.count("Hits", undefined, { none: "Read the Fire Table for the hits" })),
    critical: fact.flag("Critical hit (doubles)"),
  }),
  measure: FIRE_MEASURES,
  title: "Fire combat",
  description: "Fire combat: a normal die for the Fire Table and a red die; doubles are a critical hit.",
  schema: FIRE_SCHEMA,
  prepare({ state, action: a }) {
    const p = firerAndTarget(state, a);
    if (!p.ok) return p;
    const { firer, target } = p.value;
    if (firer.id === target.id) return fail("rules.illegal", "A ship cannot fire at itself.", "action.target");
    const range = a.rangeHexes;
    if (
      firer.kind === "sol" &&
      target.kind !== "sol" &&
      range >= setting<number>(state.settings, "solFrigateRange") &&
      !frigateMayBeFired(state, target)
    ) {
      return fail(
        "rules.illegal",
        `Rule I: a SOL may not fire at ${target.name} (${target.kind}) ${range} hexes away unless it engaged a SOL in the last three turns.`,
        "action.rangeHexes",
      );
    }
    if (a.aim === "hull" && range > setting<number>(state.settings, "hullAimMaxHexes")) {
      return fail(
        "rules.illegal",
        `Rule X.2: above ${setting<number>(state.settings, "hullAimMaxHexes")} hexes fire is always at the rigging.`,
        "action.aim",
      );
    }
    const guns = gunsFiring(firer, a);
    if (guns === null) {
      return fail("input.invalid", `Give gunsFiring or ${firer.name}'s ${a.broadside} broadside guns track.`, "action.gunsFiring");
    }
    const t = state.data?.hitTables;
    if (t) {
      const inRange = checkBaseRange(t, gunsForBand(t, guns, a.carronades, range), range, a.ammunition);
      if (!inRange.ok) return inRange;
    }
    return ok({ ...a, aim: aimOf(state, a) });
  },
  plan: () =>
    ok([
      entry("fire", "d6", 1, "Fire Table roll (normal die)", "normal"),
      entry("critical", "d6", 1, "Critical hit when it matches the normal die", "red"),
    ]),
  resolve({ state, action: a }, dice) {
    const p = firerAndTarget(state, a);
    if (!p.ok) return p;
    const { firer, target } = p.value;
    const normal = dice[0]?.[0] ?? 0;
    const red = dice[1]?.[0] ?? 0;
    const aim = aimOf(state, a);
    const guns = gunsFiring(firer, a) ?? 0;
    // X.1: "a Critical Hit only occurs when the red die matches the normal die … Critical Hits do occur when the normal die records a no result."
    const critical = normal === red;
    const turn = state.game.turn;
    const broadside = a.broadside;
    const events: WsimEvent[] = [
      shipEvent("in-combat", firer, {
        lastCombatTurn: turn,
        ...(firer.kind !== "sol" && target.kind === "sol" ? { lastEngagedSol: turn } : {}),
        ...(firer.broadsidesFired.includes(broadside) ? {} : { broadsidesFired: [...firer.broadsidesFired, broadside] }),
      }),
      shipEvent("in-combat", target, { lastCombatTurn: turn }),
    ];
    const t = state.data?.hitTables;
    if (t) return baseBroadside(state, t, { firer, target, a, normal, red, aim, guns, critical, events });
    const modifiers = fireModifiers(state, firer, a, guns);
    const modifiedDie = normal + Object.values(modifiers).reduce((x, y) => x + y, 0);
    const col = fireColumn(state.data, guns, a.rangeHexes, aim);
    const hits = col ? hitsFor(col, modifiedDie) : null;
    if (hits !== null) events.push(shipEvent("fire-hits", target, {}, { hits, aim, by: firer.id }));
    const followUps: FollowUp[] = [];
    if (hits === null) {
      const max = setting<number>(state.settings, "maxFireHits");
      followUps.push({
        kind: "choose",
        purpose: `Read the Fire Table: ${guns} guns at ${a.rangeHexes} hexes, modified die ${modifiedDie} (${aim}). How many hits?`,
        action: { type: "fire-result", firer: firer.id, target: target.id, aim, hits: null },
        choice: { field: "hits", options: Array.from({ length: max + 1 }, (_, i) => ({ value: i, label: String(i) })), min: 1, max: 1 },
      });
    }
    if (critical) followUps.push(criticalFollowUp(state, target, aim, a.rangeHexes));
    const outcome = { normal, red, modifiedDie, modifiers, aim, guns, rake: a.rake, hits, critical };
    return resolution(outcome, events, followUps);
  },
  // The normal die hits when the Fire Table gives hits and misses on a no-result (unmarked while the table is read
  // by hand); the red die counts only when it matches, for a critical hit (X.1).
  marks(ctx, dice) {
    const r = fire.resolve(
      ctx.state,
      ctx.action,
      dice.map((g) => [...g]),
    );
    if (!r.ok) return [[null], [null]];
    const { hits, critical } = r.value.outcome as { hits: number | null; critical: boolean };
    return [[hits === null ? null : hits > 0 ? "hit" : "miss"], [critical ? "hit" : null]];
  },
  summary: (d) => ({
    pCritical: flagChance("A critical hit", d, "critical"),
    // the hits read off the Fire Table (null until read): the headline draws them
    hits: detail(fieldDistribution(d, "hits")),
    modifiedDie: chances(fieldDistribution(d, "modifiedDie"), (n) => `Modified die ${n}`),
    ...(d.entries.some((e) => e.value.damage) ? damageSummary(d) : {}),
  }),
  headline: ({ state, action }, odds) => fireHeadline(state, action, odds),
});

interface Broadside {
  readonly firer: Ship;
  readonly target: Ship;
  readonly a: FireAction;
  readonly normal: number;
  readonly red: number;
  readonly aim: "hull" | "rigging";
  readonly guns: number;
  readonly critical: boolean;
  readonly events: WsimEvent[];
}

/** A broadside on the base game's tables: Hit Table number, then the Hit Table's H/G/C/R marked on the log. */
function baseBroadside(state: WsimState, t: HitTables, b: Broadside) {
  const { firer, target, a, normal, red, aim, critical, events } = b;
  const range = a.rangeHexes;
  const guns = gunsForBand(t, b.guns, a.carronades, range);
  const ammunition = a.ammunition;
  const n = hitTableNumber(state, t, firer, a, guns);
  const damage = n ? readHitTable(t, aim, n.number, normal, ammunition) : NO_DAMAGE;
  const hits = damage.hull + damage.guns + damage.crew + damage.rigging;
  const set = markDamage(target, damage, a.targetBroadside);
  events.push(shipEvent("fire-hits", target, set, { hits, damage, aim, by: firer.id }));
  // X.1 and the base game: a critical on doubles, rolled as one die plus the Hit Table number the fire was read on.
  const tableNumber = n ? Math.min(Math.max(0, n.number), t[aim].length - 1) : 0;
  const followUps = critical ? [criticalFollowUp(state, target, aim, range, tableNumber)] : [];
  const outcome = {
    normal,
    red,
    aim,
    guns,
    band: n?.band ?? null,
    hitTableBase: n?.base ?? null,
    modifiers: n?.modifiers ?? {},
    hitTable: n?.number ?? null,
    ammunition,
    rake: a.rake,
    damage,
    hits,
    critical,
  };
  return resolution(outcome, events, followUps);
}
