/**
 * A broadside read on the club's base-game tables (`hitTables`): the Hit Table number from guns and range, its
 * modifiers by gun band, and the hull/guns/crew/rigging hits marked on the target's log.
 */
import { chances, detail, fieldDistribution, type Summary, setting } from "../../game/action-kit.ts";
import type { Dist } from "../../odds/distribution.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type Ammunition, type Damage, gunBand, type HitTables } from "./base-tables.ts";
import { left, type Ship, type Track, type WsimState } from "./state.ts";

/** The fields of a fire action a broadside on the base game's tables is read with. */
export interface BroadsideFields {
  readonly rangeHexes: number;
  readonly broadside: "left" | "right";
  readonly rake: "none" | "bow" | "stern";
  readonly ammunition: Ammunition;
  readonly modifier: number;
  readonly initialBroadside?: boolean;
}

export interface HitTableNumber {
  /** Index of the gun band read (0 = the first band). */
  readonly band: number;
  /** The Hit Determination Table's (or rake table's) number before modifiers. */
  readonly base: number;
  readonly modifiers: Readonly<Record<string, number>>;
  /** base + modifiers; below 0 is no effect. */
  readonly number: number;
}

const lostSections = (s: Ship) => (s.crewSections ?? []).filter((c) => c.boxes > 0 && c.marked >= c.boxes).length;

/** Guns counted for the band: the broadside's guns, plus carronades within the table's carronade range. */
export const gunsForBand = (t: HitTables, guns: number, carronades: number, range: number): number =>
  guns + (range <= t.carronadeRange ? carronades : 0);

/** The firer's first broadside of the game from that side, unless the action says otherwise. */
export const isInitialBroadside = (firer: Ship, a: BroadsideFields): boolean =>
  a.initialBroadside ?? !firer.broadsidesFired.includes(a.broadside);

/** Whether the range and shot can be read on the tables at all (a broadside beyond them cannot be fired). */
export function checkBaseRange(t: HitTables, guns: number, range: number, ammo: Ammunition): Result<void> {
  const band = gunBand(t, guns);
  const row = band === null ? undefined : t.determination[band];
  if (row && range > row.length) {
    return fail("rules.illegal", `The Hit Determination Table reaches ${row.length} hexes; ${range} is out of range.`, "action.rangeHexes");
  }
  const max = t.ammunition[ammo]?.maxRange;
  if (max !== undefined && range > max) return fail("rules.illegal", `${ammo} shot reaches ${max} hexes at most.`, "action.rangeHexes");
  return ok(undefined);
}

/**
 * The Hit Table number. II.1's seasoned "+1 die roll modifier" is added to the Hit Table number, the scale on
 * which the base game's crew qualities act ("between Average and Crack"), with II.1's own gun threshold.
 */
export function hitTableNumber(state: WsimState, t: HitTables, firer: Ship, a: BroadsideFields, guns: number): HitTableNumber | null {
  const range = a.rangeHexes;
  const band = gunBand(t, guns);
  if (band === null) return null;
  const raking = a.rake !== "none";
  const table = raking && t.rake ? t.rake : t.determination;
  const base = table[band]?.[range - 1] ?? 0;
  const mods: Record<string, number> = {};
  const add = (k: string, v: number | undefined) => {
    if (v) mods[k] = (mods[k] ?? 0) + v;
  };
  if (a.rake === "stern") add("sternRake", t.sternRake);
  const need = setting<string>(state.settings, "gameLevel") === "basic" ? 4 : 7;
  if (firer.crew === "seasoned") add("seasoned", guns >= need ? 1 : 0);
  else add("crew", t.modifiers.crew?.[firer.crew]?.[band]);
  add("ammunition", t.ammunition[a.ammunition]?.modifiers?.[band]);
  if (isInitialBroadside(firer, a)) add("initialBroadside", t.modifiers.initialBroadside?.[band]);
  if (firer.captured) add("captured", t.modifiers.captured?.[band]);
  else add("lostCrewSections", lostSections(firer) * (t.modifiers.lostCrewSection?.[band] ?? 0));
  add("other", a.modifier);
  const number = base + Object.values(mods).reduce((x, y) => x + y, 0);
  return { band, base, modifiers: mods, number };
}

function fill<T extends Track>(tracks: readonly T[], hits: number): { tracks: T[]; over: number } {
  let rest = hits;
  const out = tracks.map((tr) => {
    const take = Math.min(rest, left(tr));
    rest -= take;
    return take ? { ...tr, marked: tr.marked + take } : tr;
  });
  return { tracks: out, over: rest };
}

/**
 * Marks the hits on the target's log: guns on the broadside hit (more than it has fall on the hull), crew on
 * sections 1, 2, 3 in turn, rigging on sections 1–4 in turn. Tracks the club's ship card does not give are skipped.
 */
export function markDamage(target: Ship, d: Damage, side: "left" | "right"): Partial<Ship> {
  const set: Partial<Ship> = {};
  const gunsKey = side === "right" ? "gunsRight" : "gunsLeft";
  const gunsTrack = target[gunsKey];
  let hull = d.hull;
  if (gunsTrack && d.guns) {
    const g = fill([gunsTrack], d.guns);
    set[gunsKey] = g.tracks[0];
    hull += g.over;
  }
  if (target.hull && hull) set.hull = fill([target.hull], hull).tracks[0];
  if (target.crewSections && d.crew) set.crewSections = fill(target.crewSections, d.crew).tracks as Ship["crewSections"];
  if (target.rigging && d.rigging) set.rigging = fill(target.rigging, d.rigging).tracks;
  return set;
}

/** Exact distributions of hull, guns, crew and rigging hits (base-game tables). */
export function damageSummary(d: Dist<{ readonly damage?: Damage; readonly hitTable?: number | null }>): Summary {
  const out: Record<"hull" | "guns" | "crew" | "rigging", Record<string, number>> = { hull: {}, guns: {}, crew: {}, rigging: {} };
  for (const { value, p } of d.entries) {
    const dmg = value.damage;
    if (!dmg) continue;
    for (const k of ["hull", "guns", "crew", "rigging"] as const) {
      const bucket = out[k];
      bucket[dmg[k]] = (bucket[dmg[k]] ?? 0) + p;
    }
  }
  // the damage per kind is detail the headline draws
  return { damage: detail(out), hitTable: chances(fieldDistribution(d, "hitTable"), (n) => `Hit Table number ${n}`) };
}
