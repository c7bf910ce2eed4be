/**
 * What a Sole Bay player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * sole-bay-1672-fast-play.txt: hits and condition for broadsides, fire and collisions; who "has initiative" and the
 * draw that is re-rolled; who causes most damage in a boarding round; each ship's fate in an explosion. Computed over
 * the whole distribution: the full outcome list the action's odds give (before any shortening), or, for explosion
 * hits among many ships, from each ship's own die.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Action, Odds } from "../../game/types.ts";
import {
  barsBy,
  chanceOf,
  eventBars,
  type Headline,
  type HeadlineItem,
  headline,
  plural,
  countLabels as range,
} from "../../odds/headline.ts";
import { totalBoxes } from "./ship.ts";
import type { SoleBayState } from "./state.ts";

type Outcome = Readonly<Record<string, unknown>>;
type Listed = Odds["outcomes"];

/** Facts about damage to one ship: it loses a condition level, it is destroyed (only if it was not already). */
function damageFacts(state: SoleBayState, outcomes: Listed, shipId: string, result: (o: Outcome) => Outcome | undefined): HeadlineItem[] {
  const name = nameOf(state, shipId);
  const before = state.ships.find((s) => s.id === shipId);
  const facts = [{ label: `${name} loses a condition`, p: chanceOf(outcomes, (o) => Number(result(o)?.levelsLost ?? 0) > 0) }];
  if (!before?.destroyed) facts.push({ label: `${name} is destroyed`, p: chanceOf(outcomes, (o) => result(o)?.destroyed === true) });
  return facts;
}

/** Hits as bars 0…max (or lo…max), the likeliest named "2 hits". */
function hitsHeadline(title: string, outcomes: Listed, field: string, lo: number, hi: number, facts: HeadlineItem[]): Headline {
  const bars = barsBy(outcomes, (o) => String(o[field]), range(lo, hi));
  return headline(title, bars, facts, (n) => plural(Number(n), "hit"));
}

/**
 * Explosion hits (1d6 to each ship within, or one die for all): how many ships are destroyed, as bars, and each
 * ship's chance, as facts — from each ship's boxes left, never from a shortened joint list.
 */
function explosionHeadline(state: SoleBayState, action: Action): Headline {
  const ids = (typeof action.ships === "string" ? [action.ships] : ((action.ships as string[] | undefined) ?? [])) as string[];
  const left = ids.map((id) => {
    const s = state.ships.find((x) => x.id === id);
    return s ? totalBoxes(s.hull) - s.damage : 0;
  });
  const faces = [1, 2, 3, 4, 5, 6];
  const pDestroyed = left.map((l) => faces.filter((h) => h >= l).length / 6);
  // The number destroyed: one die for all counts ships per face; a die each convolves each ship's chance.
  let count: number[];
  if (state.settings.explosionHitsRoll === "one") {
    count = Array<number>(ids.length + 1).fill(0);
    for (const h of faces) {
      const n = left.filter((l) => h >= l).length;
      count[n] = (count[n] ?? 0) + 1 / 6;
    }
  } else {
    count = [1];
    for (const p of pDestroyed) count = [...count, 0].map((q, k) => q * (1 - p) + (count[k - 1] ?? 0) * p);
  }
  const bars = count.map((p, n) => ({ label: plural(n, "ship") + " destroyed", p }));
  const facts = ids.map((id, i) => ({ label: `${nameOf(state, id)} is destroyed`, p: pDestroyed[i] ?? 0 }));
  return headline(`Explosion of ${nameOf(state, action.ship)}`, bars, facts);
}

/**
 * The headline of an action's odds; `odds` is the whole distribution (the action's own list, before shortening).
 * Null for the other actions: the kernel gives one bar per outcome, titled by the action's title.
 */
export function soleBayHeadline(state: SoleBayState, action: Action, odds: Odds): Headline | null {
  const o = odds.outcomes;
  const name = (id: unknown) => nameOf(state, id);
  switch (action.type) {
    case "broadside": {
      const dice = Number(odds.summary.dice ?? 0);
      const facts = damageFacts(state, o, String(action.target), (x) => x);
      return hitsHeadline(`Hits on ${name(action.target)}`, o, "hits", 0, dice, facts);
    }
    case "initiative": {
      // from the summary, which covers every roll vector (the list holds a few of 6^n when many sides roll)
      const pWins = (odds.summary.pWins ?? {}) as Readonly<Record<string, number>>;
      const bars = [
        ...Object.entries(pWins).map(([side, p]) => ({ label: side, p })),
        { label: "Draw (re-roll)", p: Number(odds.summary.pDraw ?? 0) },
      ];
      return headline("Initiative", bars, [], (top) => (top === "Draw (re-roll)" ? "A draw, re-rolled" : `${top} has initiative`));
    }
    case "boarding-round": {
      const [a, d] = [String(action.attacker), String(action.defender)];
      const winner = (x: Outcome) =>
        x.winner === a ? `${name(a)} causes most damage` : x.winner === d ? `${name(d)} causes most damage` : "Equal damage";
      const bars = barsBy(o, winner, [`${name(a)} causes most damage`, `${name(d)} causes most damage`, "Equal damage"]);
      const result = (id: string) => (x: Outcome) => (x.results as Outcome[] | undefined)?.find((r) => r.ship === id);
      const facts = [...damageFacts(state, o, d, result(d)), ...damageFacts(state, o, a, result(a))];
      if (o.some((x) => x.outcome.fireSpreads === true))
        facts.push({ label: "The fire spreads", p: chanceOf(o, (x) => x.fireSpreads === true) });
      return headline(`Boarding action: ${name(a)} and ${name(d)}`, bars, facts);
    }
    case "grapple":
      return headline(
        `${name(action.attacker)} grapples ${name(action.defender)}`,
        eventBars(o, (x) => x.grappled === true, "Grappled", "Fails"),
      );
    case "fireship-ensnare":
      return headline(
        `${name(action.fireship)} against ${name(action.target)}`,
        eventBars(o, (x) => x.ensnared === true, "Ensnared", "Clear"),
      );
    case "explosion-roll":
    case "fireship-explosion":
      return headline(
        `Does ${name(action.ship)} explode?`,
        eventBars(o, (x) => x.exploded === true, "Explodes", "Does not explode"),
      );
    case "explosion-radius": {
      const bars = barsBy(
        o,
        (x) => `${String(x.radius)}"`,
        range(1, 6).map((r) => `${r}"`),
      );
      return headline(`Radius of ${name(action.ship)}'s explosion`, bars);
    }
    case "explosion-hits":
      return explosionHeadline(state, action);
    case "flag-officer-risk": {
      const fates: Record<string, string> = {
        killed: "Killed",
        survives: "Survives",
        captured: "Captured",
        retires: "Shifts his flag",
        "stays-with-prize": "Stays with the prize",
      };
      return headline(
        `Risk to the Flag Officer aboard ${name(action.ship)}`,
        barsBy(o, (x) => fates[String(x.fate)] ?? String(x.fate)),
      );
    }
    case "fire-damage":
      return hitsHeadline(
        `Fire damage to ${name(action.ship)}`,
        o,
        "hits",
        1,
        3,
        damageFacts(state, o, String(action.ship), (x) => x),
      );
    case "fire-fighting":
      return headline(
        `Fighting the fire aboard ${name(action.ship)}`,
        eventBars(o, (x) => x.putOut === true, "Fire put out", "Still burning"),
      );
    case "breakpoint":
      return headline(
        `Breakpoint test: ${String(action.squadron)}`,
        eventBars(o, (x) => x.broken === true, "Breaks off", "Holds"),
      );
    case "collision": {
      const results = { "disastrous-impact": "Disastrous impact", impact: "Impact", "come-about": "Come about" } as Record<string, string>;
      const bars = barsBy(o, (x) => results[String(x.result)] ?? String(x.result), Object.values(results));
      return headline(`${name(action.mover)} collides with ${name(action.other)}`, bars);
    }
    case "collision-damage": {
      const result = (id: string) => (x: Outcome) => (x.results as Outcome[] | undefined)?.find((r) => r.ship === id);
      const facts = [String(action.mover), String(action.other)].flatMap((id) => damageFacts(state, o, id, result(id)));
      const damages = o.map((x) => Number(x.outcome.damage));
      return hitsHeadline("Collision damage to both ships", o, "damage", Math.min(...damages), Math.max(...damages), facts);
    }
    case "movement": {
      const inches = [...new Set(o.map((x) => Number(x.outcome.allowance)))].sort((x, y) => x - y);
      const bars = barsBy(
        o,
        (x) => `${String(x.allowance)}"`,
        inches.map((i) => `${i}"`),
      );
      return headline(`Movement allowance of ${name(action.ship)}`, bars);
    }
    case "backing-sail":
    case "tacking":
      return headline(
        `${action.type === "tacking" ? "Tacking" : "Backing sail"}: ${name(action.ship)}`,
        eventBars(o, (x) => x.success === true, "Succeeds", "Fails"),
      );
    default:
      return null;
  }
}
