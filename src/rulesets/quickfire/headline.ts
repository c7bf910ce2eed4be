/**
 * What a Quickfire player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * quickfire-pre-dreadnought.txt: whether the guns fire and hit (a G "Gun Hit" or an S "Speed Hit", 3.0) and the
 * chance of blast damage; torpedo hits per target (3.2); S hits of a torpedo; the damage codes of the Blast,
 * Explosion and Fire lines (4.1); the repair roll (4.2); sinking; who decides the move order (1.4). Computed over
 * the action's whole outcome list. Other actions get the kernel's headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Action, Odds } from "../../game/types.ts";
import { barsBy, chanceOf, countLabels, eventBars, type Headline, type HeadlineItem, headline, plural } from "../../odds/headline.ts";
import { HOUSE_LABEL } from "./chart.ts";
import type { QuickfireState } from "./ship.ts";

type Outcome = Readonly<Record<string, unknown>>;
type Listed = Odds["outcomes"];

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
function gunneryHeadline(state: QuickfireState, title: string, target: string, o: Listed): Headline {
  const result = (x: Outcome) => (!x.fired ? "Does not fire" : x.hit === "G" ? "Gun hit (G)" : x.hit === "S" ? "Speed hit (S)" : "Miss");
  const bars = barsBy(o, result, ["Does not fire", "Miss", "Gun hit (G)", "Speed hit (S)"]);
  const blast = (x: Outcome) => ((x.blast as string[] | undefined) ?? []).length > 0;
  const facts: HeadlineItem[] = [{ label: `${target} is hit`, p: chanceOf(o, (x) => x.hit === "G" || x.hit === "S") }];
  facts.push({ label: "Blast damage", p: chanceOf(o, blast) });
  return headline(titled(state, title), bars, facts);
}

/** A line of the Damage table: each code's chance as a fact, the bars by what the roll gives. */
function codesHeadline(state: QuickfireState, title: string, o: Listed, none = "No effect"): Headline {
  const words = (x: Outcome) => {
    const codes = (x.codes as string[] | undefined) ?? [];
    return codes.length === 0 ? none : codes.map(codeName).join(" and ");
  };
  const bars = barsBy(o, words).sort((a, b) => b.p - a.p);
  return headline(titled(state, title), bars);
}

/** The headline of an action's odds, or null for the kernel's sentence headline. */
export function quickfireHeadline(state: QuickfireState, action: Action, odds: Odds): Headline | null {
  const o = odds.outcomes;
  const name = (id: unknown) => nameOf(state, id);
  switch (action.type) {
    case "gunnery":
      return gunneryHeadline(
        state,
        `${name(action.firer)}'s ${String(action.battery)} guns at ${name(action.target)}`,
        name(action.target),
        o,
      );
    case "quickfire-attack": {
      const firers = ((action.firers as string[] | undefined) ?? []).map(name).join(" and ");
      return gunneryHeadline(state, `Combined light fire of ${firers} at ${name(action.target)}`, name(action.target), o);
    }
    case "torpedo": {
      const targets = (action.targets as string[] | undefined) ?? [];
      const hitOf = (x: Outcome, t: string) => ((x.results as Outcome[] | undefined) ?? []).some((r) => r.target === t && r.hit === true);
      const bars = eventBars(o, (x) => targets.some((t) => hitOf(x, t)), "A torpedo hits", "No hit");
      const facts = targets.map((t) => ({ label: `${name(t)} is hit`, p: chanceOf(o, (x) => hitOf(x, t)) }));
      return headline(titled(state, `${name(action.firer)}'s torpedoes`), bars, facts);
    }
    case "torpedo-damage": {
      const bars = barsBy(
        o,
        (x) => plural(Number(x.sHits), "S hit"),
        countLabels(1, 6).map((n) => plural(Number(n), "S hit")),
      );
      return headline(`Torpedo damage to ${name(action.target)}`, bars);
    }
    case "damage-roll":
      return codesHeadline(state, `${action.line === "explosion" ? "Explosion" : "Blast"} on ${name(action.ship)}`, o);
    case "fire": {
      const h = codesHeadline(state, `The fire aboard ${name(action.ship)}`, o, "Burns on");
      const burns = chanceOf(o, (x) => x.burnsOn === true);
      return { ...h, facts: [{ label: "The fire burns on", p: burns }] };
    }
    case "sinking":
      return headline(
        titled(state, `Does ${name(action.ship)} sink?`),
        eventBars(o, (x) => x.sunk === true, "Sinks", "Stays afloat"),
      );
    case "initiative": {
      const [first, second] = [String(action.first), String(action.second)];
      const bars = barsBy(o, (x) => (x.decides === null ? "Tie (roll again)" : `${String(x.decides)} decides`), [
        `${first} decides`,
        `${second} decides`,
        "Tie (roll again)",
      ]);
      return headline("Who decides the move order", bars);
    }
    case "repair": {
      const bars = barsBy(o, (x) => `${plural(Number(x.fixed), "hit")} repaired`).sort((a, b) => b.p - a.p);
      return headline(titled(state, `Repairs aboard ${name(action.ship)}`), bars);
    }
    default:
      return null;
  }
}
