/**
 * wsim-battle-v3 fire combat: I (SOLs and frigates), II.1 (seasoned +1), IX (rake zone, stated by the caller),
 * X (a normal and a red die; a critical only on doubles, also on a no-result; aim by range). The Fire Table comes
 * from the club's data file, else the person reads it and answers a `choose` follow-up.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { fieldDistribution, type ResolveActionSpec, resolution, setting } from "../../game/action-kit.ts";
import { fail, ok, type Result } from "../../game/result.ts";
import type { Action, FollowUp } from "../../game/types.ts";
import { fireColumn, hitsFor } from "./data.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { left, type Ship, type WsimState } from "./state.ts";

type H = ResolveActionSpec<WsimState>;

function pair(state: WsimState, a: Action): Result<{ firer: Ship; target: Ship }> {
  const firer = liveShip(state, a.firer, "firer");
  if (!firer.ok) return firer;
  const target = liveShip(state, a.target, "target");
  if (!target.ok) return target;
  return ok({ firer: firer.value, target: target.value });
}

/** I: "unless the frigate has shot at, or has been involved in grappling or boarding with, a SOL … during the last three turns". */
export function frigateMayBeFired(state: WsimState, target: Ship): boolean {
  return target.lastEngagedSol !== null && state.game.turn - target.lastEngagedSol <= setting<number>(state.settings, "solFrigateTurns");
}

/** X.2 aim: hull at 5 hexes or less unless declared otherwise; always rigging beyond. */
export const aimOf = (state: WsimState, a: Action): "hull" | "rigging" =>
  Number(a.rangeHexes) > setting<number>(state.settings, "hullAimMaxHexes") ? "rigging" : a.aim === "rigging" ? "rigging" : "hull";

function gunsFiring(firer: Ship, a: Action): number | null {
  if (typeof a.gunsFiring === "number") return a.gunsFiring;
  const track = a.broadside === "right" ? firer.gunsRight : firer.gunsLeft;
  return track ? left(track) : null;
}

/** II.1 seasoned +1 "when firing with 4 guns or more in the Basic Game and 7 guns or more in the Advanced Game". */
export function fireModifiers(state: WsimState, firer: Ship, a: Action, guns: number): Record<string, number> {
  const mods: Record<string, number> = {};
  const need = setting<string>(state.settings, "gameLevel") === "basic" ? 4 : 7;
  if (firer.crew === "seasoned" && guns >= need) mods.seasoned = 1;
  const crew = state.data?.fire?.crewModifiers?.[firer.crew];
  if (firer.crew !== "seasoned" && crew) mods.crew = crew;
  if (a.rake !== "none" && state.data?.fire?.rakeModifier) mods.rake = state.data.fire.rakeModifier;
  if (Number(a.modifier)) mods.other = Number(a.modifier);
  return mods;
}

export const fire: H = {
  def: {
    type: "fire",
    description: "Fire combat: a normal die for the Fire Table and a red die; doubles are a critical hit.",
    fields: [
      { name: "firer", label: "Firing ship", type: "ship" },
      { name: "target", label: "Target", type: "ship" },
      { name: "rangeHexes", label: "Range (hexes)", type: "number", min: 1 },
      { name: "aim", label: "Aim (default: hull at 5 hexes or less)", type: "enum", values: ["hull", "rigging"], optional: true },
      { name: "broadside", label: "Broadside", type: "enum", values: ["left", "right"], optional: true, default: "left" },
      { name: "gunsFiring", label: "Guns firing", type: "number", optional: true, min: 0 },
      { name: "rake", label: "Rake zone (IX)", type: "enum", values: ["none", "bow", "stern"], optional: true, default: "none" },
      { name: "modifier", label: "Other base-game die modifiers", type: "number", optional: true, default: 0 },
    ],
  },
  schema: Type.Object(
    {
      type: Type.Literal("fire"),
      firer: Type.String(),
      target: Type.String(),
      rangeHexes: Type.Integer({ minimum: 1 }),
      aim: Type.Optional(Type.Union([Type.Literal("hull"), Type.Literal("rigging")])),
      broadside: Type.Union([Type.Literal("left"), Type.Literal("right")], { default: "left" }),
      gunsFiring: Type.Optional(Type.Integer({ minimum: 0 })),
      rake: Type.Union([Type.Literal("none"), Type.Literal("bow"), Type.Literal("stern")], { default: "none" }),
      modifier: Type.Integer({ default: 0 }),
    },
    { additionalProperties: false },
  ),
  check(state, a) {
    const p = pair(state, a);
    if (!p.ok) return p;
    const { firer, target } = p.value;
    if (firer.id === target.id) return fail("rules.illegal", "A ship cannot fire at itself.", "action.target");
    const range = Number(a.rangeHexes);
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
    if (gunsFiring(firer, a) === null) {
      return fail("input.invalid", `Give gunsFiring or ${firer.name}'s ${String(a.broadside)} broadside guns track.`, "action.gunsFiring");
    }
    return ok({ ...a, aim: aimOf(state, a) });
  },
  plan: () =>
    ok([
      entry("fire", "d6", 1, "Fire Table roll (normal die)", "normal"),
      entry("critical", "d6", 1, "Critical hit when it matches the normal die", "red"),
    ]),
  resolve(state, a, dice) {
    const p = pair(state, a);
    if (!p.ok) return p;
    const { firer, target } = p.value;
    const normal = dice[0]?.[0] ?? 0;
    const red = dice[1]?.[0] ?? 0;
    const aim = aimOf(state, a);
    const guns = gunsFiring(firer, a) ?? 0;
    const modifiers = fireModifiers(state, firer, a, guns);
    const modifiedDie = normal + Object.values(modifiers).reduce((x, y) => x + y, 0);
    // X.1: "a Critical Hit only occurs when the red die matches the normal die … Critical Hits do occur when the normal die records a no result."
    const critical = normal === red;
    const col = fireColumn(state.data, guns, Number(a.rangeHexes), aim);
    const hits = col ? hitsFor(col, modifiedDie) : null;
    const turn = state.game.turn;
    const events: WsimEvent[] = [
      shipEvent("in-combat", firer, {
        lastCombatTurn: turn,
        ...(firer.kind !== "sol" && target.kind === "sol" ? { lastEngagedSol: turn } : {}),
      }),
      shipEvent("in-combat", target, { lastCombatTurn: turn }),
    ];
    if (hits !== null) events.push(shipEvent("fire-hits", target, {}, { hits, aim, by: firer.id }));
    const followUps: FollowUp[] = [];
    if (hits === null) {
      const max = setting<number>(state.settings, "maxFireHits");
      followUps.push({
        kind: "choose",
        purpose: `Read the Fire Table: ${guns} guns at ${String(a.rangeHexes)} hexes, modified die ${modifiedDie} (${aim}). How many hits?`,
        action: { type: "fire-result", firer: firer.id, target: target.id, aim, hits: null },
        choice: { field: "hits", options: Array.from({ length: max + 1 }, (_, i) => ({ value: i, label: String(i) })), min: 1, max: 1 },
      });
    }
    if (critical) followUps.push(criticalFollowUp(state, target, aim, Number(a.rangeHexes)));
    const outcome = { normal, red, modifiedDie, modifiers, aim, guns, rake: a.rake, hits, critical };
    return resolution(outcome, events, followUps);
  },
  summary: (d) => ({
    pCritical: d.probability((o) => o.critical === true),
    hits: fieldDistribution(d, "hits"),
    modifiedDie: fieldDistribution(d, "modifiedDie"),
  }),
};

/** The critical hit roll (club table) or the person's pick of the entry. */
export function criticalFollowUp(state: WsimState, target: Ship, aim: string, rangeHexes: number): FollowUp {
  const action = { type: "critical", ship: target.id, aim, rangeHexes };
  if (state.data?.critical) return { kind: "roll", purpose: `Critical hit on ${target.name}: roll on the ${aim} critical table.`, action };
  const n = setting<number>(state.settings, "criticalEntries");
  const tag = aim === "hull" ? "H" : "R";
  return {
    kind: "choose",
    purpose: `Critical hit on ${target.name}: roll the base game's critical hit and pick the entry.`,
    action: { ...action, entry: null },
    choice: { field: "entry", options: Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `${i + 1}${tag}` })), min: 1, max: 1 },
  };
}

export const fireResult: H = {
  def: {
    type: "fire-result",
    description: "The Fire Table's result as read by a person (no club table loaded).",
    fields: [
      { name: "firer", label: "Firing ship", type: "ship" },
      { name: "target", label: "Target", type: "ship" },
      { name: "aim", label: "Aim", type: "enum", values: ["hull", "rigging"] },
      { name: "hits", label: "Hits", type: "number", min: 0 },
    ],
  },
  schema: Type.Object(
    {
      type: Type.Literal("fire-result"),
      firer: Type.String(),
      target: Type.String(),
      aim: Type.Union([Type.Literal("hull"), Type.Literal("rigging")]),
      hits: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
  plan: () => ok([]),
  resolve(state, a) {
    const p = pair(state, a);
    if (!p.ok) return p;
    return resolution({ hits: a.hits, aim: a.aim }, [
      shipEvent("fire-hits", p.value.target, {}, { hits: a.hits, aim: a.aim, by: p.value.firer.id }),
    ]);
  },
};
