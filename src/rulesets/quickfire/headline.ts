/**
 * What a Quickfire player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * quickfire-pre-dreadnought.txt: whether the guns fire and hit (a G "Gun Hit" or an S "Speed Hit", 3.0) and the
 * chance of blast damage; torpedo hits per target (3.2); S hits of a torpedo; the damage codes of the Blast,
 * Explosion and Fire lines (4.1); the repair roll (4.2); sinking; who decides the move order (1.4). Computed over
 * the action's whole outcome list. Each is its action's `headline`, given the fields it reads, typed; other actions
 * get the kernel's headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import { barsBy, chanceOf, countLabels, eventBars, type Headline, type HeadlineItem, headline, plural } from "../../odds/headline.ts";
import { HOUSE_LABEL } from "./chart.ts";
import type { QuickfireState } from "./ship.ts";

/** The fields of a shot's outcome a headline reads (gunnery.ts). */
interface ShotResult {
  readonly fired: boolean;
  readonly hit: string | null;
  readonly blast: readonly string[];
}
/** The outcome of a roll on a line of the Damage table: its codes. */
interface CodesResult {
  readonly codes: readonly string[];
}
type Listed<O extends object> = Odds<O>["outcomes"];

/** The glossary's names of the damage codes (4.1). */
const CODE_NAMES: Readonly<Record<string, string>> = {
  B: "Blast (B)",
  D: "Direction hit (D)",
  E: "Explosion (E)",
  F: "Fire (F)",
  G: "Gun hit (G)",
  R: "Repair hit (R)",
  S: "Speed hit (S)",
  T: "Torpedo hit (T)",
  out: "Fire goes out",
};
const codeName = (c: string): string => CODE_NAMES[c] ?? c;

/** A house-default chart says so in the title: its numbers are not the official chart's. */
function titled(state: QuickfireState, title: string): string {
  return state.data.label === HOUSE_LABEL ? `${title} (house chart)` : title;
}

/** Gun fire: does not fire / misses / G hit / S hit, the chance the target is hit and of blast damage (3.0). */
function gunfireHeadline(state: QuickfireState, title: string, target: string, o: Listed<ShotResult>): Headline {
  const result = (x: ShotResult) => (!x.fired ? "Does not fire" : x.hit === "G" ? "Gun hit (G)" : x.hit === "S" ? "Speed hit (S)" : "Miss");
  const bars = barsBy(o, result, ["Does not fire", "Miss", "Gun hit (G)", "Speed hit (S)"]);
  const blast = (x: ShotResult) => x.blast.length > 0;
  const facts: HeadlineItem[] = [{ label: `${target} is hit`, p: chanceOf(o, (x) => x.hit === "G" || x.hit === "S") }];
  facts.push({ label: "Blast damage", p: chanceOf(o, blast) });
  return headline(titled(state, title), bars, facts);
}

/** A line of the Damage table: each code's chance as a fact, the bars by what the roll gives. */
function codesHeadline(state: QuickfireState, title: string, o: Listed<CodesResult>, none = "No effect"): Headline {
  const words = (x: CodesResult) => (x.codes.length === 0 ? none : x.codes.map(codeName).join(" and "));
  const bars = barsBy(o, words).sort((a, b) => b.p - a.p);
  return headline(titled(state, title), bars);
}

/** Gun fire: whose guns, at whom; does not fire, misses, a G or an S hit, blast damage (3.0). */
export function gunneryHeadline(
  state: QuickfireState,
  action: { readonly firer: string; readonly target: string; readonly battery: string },
  odds: Odds<ShotResult>,
): Headline {
  const [firer, target] = [nameOf(state, action.firer), nameOf(state, action.target)];
  return gunfireHeadline(state, `${firer}'s ${action.battery} guns at ${target}`, target, odds.outcomes);
}

/** A quickfire attack: the combined light fire of several ships (3.0 Quickfire Effect). */
export function quickfireAttackHeadline(
  state: QuickfireState,
  action: { readonly firers: readonly string[]; readonly target: string },
  odds: Odds<ShotResult>,
): Headline {
  const firers = action.firers.map((id) => nameOf(state, id)).join(" and ");
  const target = nameOf(state, action.target);
  return gunfireHeadline(state, `Combined light fire of ${firers} at ${target}`, target, odds.outcomes);
}

/** Torpedoes (3.2): whether one hits, and each target's chance. */
export function torpedoHeadline(
  state: QuickfireState,
  action: { readonly firer: string; readonly targets: readonly string[] },
  odds: Odds<{ readonly results: readonly { readonly target: string; readonly hit: boolean }[] }>,
): Headline {
  const o = odds.outcomes;
  const hitOf = (x: (typeof o)[number]["outcome"], t: string) => x.results.some((r) => r.target === t && r.hit);
  const bars = eventBars(o, (x) => action.targets.some((t) => hitOf(x, t)), "A torpedo hits", "No hit");
  const facts = action.targets.map((t) => ({ label: `${nameOf(state, t)} is hit`, p: chanceOf(o, (x) => hitOf(x, t)) }));
  return headline(titled(state, `${nameOf(state, action.firer)}'s torpedoes`), bars, facts);
}

/** A torpedo hit's 1D6 S hits. */
export function torpedoDamageHeadline(
  state: QuickfireState,
  action: { readonly target: string },
  odds: Odds<{ readonly sHits: number }>,
): Headline {
  const bars = barsBy(
    odds.outcomes,
    (x) => plural(x.sHits, "S hit"),
    countLabels(1, 6).map((n) => plural(Number(n), "S hit")),
  );
  return headline(`Torpedo damage to ${nameOf(state, action.target)}`, bars);
}

/** The Blast or Explosion line of the Damage table (4.1). */
export const damageRollHeadline = (
  state: QuickfireState,
  action: { readonly ship: string; readonly line: "blast" | "explosion" },
  odds: Odds<CodesResult>,
): Headline =>
  codesHeadline(state, `${action.line === "explosion" ? "Explosion" : "Blast"} on ${nameOf(state, action.ship)}`, odds.outcomes);

/** The Fire line (4.1 F): what the fire does, and the chance it burns on. */
export function fireHeadline(
  state: QuickfireState,
  action: { readonly ship: string },
  odds: Odds<CodesResult & { readonly burnsOn: boolean }>,
): Headline {
  const h = codesHeadline(state, `The fire aboard ${nameOf(state, action.ship)}`, odds.outcomes, "Burns on");
  const burns = chanceOf(odds.outcomes, (x) => x.burnsOn === true);
  return { ...h, facts: [{ label: "The fire burns on", p: burns }] };
}

/** The sinking roll. */
export const sinkingHeadline = (
  state: QuickfireState,
  action: { readonly ship: string },
  odds: Odds<{ readonly sunk: boolean }>,
): Headline =>
  headline(
    titled(state, `Does ${nameOf(state, action.ship)} sink?`),
    eventBars(odds.outcomes, (x) => x.sunk === true, "Sinks", "Stays afloat"),
  );

/** Who decides the move order (1.4): either side, or a tie rolled again. */
export function initiativeHeadline(
  action: { readonly first: string; readonly second: string },
  odds: Odds<{ readonly decides: string | null }>,
): Headline {
  const bars = barsBy(odds.outcomes, (x) => (x.decides === null ? "Tie (roll again)" : `${x.decides} decides`), [
    `${action.first} decides`,
    `${action.second} decides`,
    "Tie (roll again)",
  ]);
  return headline("Who decides the move order", bars);
}

/** The repair roll (4.2): how many hits are repaired. */
export function repairHeadline(state: QuickfireState, action: { readonly ship: string }, odds: Odds<{ readonly fixed: number }>): Headline {
  const bars = barsBy(odds.outcomes, (x) => `${plural(x.fixed, "hit")} repaired`).sort((a, b) => b.p - a.p);
  return headline(titled(state, `Repairs aboard ${nameOf(state, action.ship)}`), bars);
}
