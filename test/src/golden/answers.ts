/**
 * The rules' answers to the test corpus, reduced to what a rule must not change when only its words do: each rule
 * set's action catalogue without its words (types, fields, bounds, enum values), and for each corpus request its dice
 * plan, its odds (outcomes with probabilities) and two resolutions with fixed dice (outcome, events, follow-ups, die
 * marks, the state after). Labels, titles, descriptions, summaries and headlines are left out on purpose: those are
 * what a presentation change may add to. `golden.test.ts` compares these answers to the committed `answers.json`;
 * `npx tsx test/src/golden/write.ts` rewrites it (only when a rule really changed — say so in the commit).
 */
import { createHash } from "node:crypto";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { oddsOf, transition } from "../../../src/game/engine.ts";
import { canonicalKey } from "../../../src/odds/distribution.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { diceFor } from "../rulesets/rule-set-properties.ts";

/** Requests kept per action type, walks per rule set and the seed: small enough for the core lane. */
const PER_TYPE = 2;
const WALKS = 24;
const SEED = 7;
/** Two fixed rolls per request, read through `diceFor` (seeds cycle over the plan's dice). */
const ROLLS: readonly (readonly number[])[] = [
  [0, 3, 5, 1, 4, 2],
  [5, 5, 2, 0, 1, 3, 4],
];

const hash = (v: unknown): string => createHash("sha256").update(canonicalKey(v)).digest("hex").slice(0, 16);
/** Probabilities to 12 places, so a re-ordered sum does not count as a change. */
const round = (p: number): number => Math.round(p * 1e12) / 1e12;

/** The words-free shape of each rule set's actions. */
export function catalogues(): Record<string, unknown> {
  return Object.fromEntries(
    RULE_SETS.map((rs) => [
      rs.id,
      {
        settings: rs.settings.map((s) => ({ name: s.name, default: s.default, values: s.values ?? null })),
        phases: rs.phases.length,
        actions: rs.actions.map((a) => ({
          type: a.type,
          fields: a.fields.map((f) => ({
            name: f.name,
            type: f.type,
            values: f.values ?? null,
            default: f.default ?? null,
            optional: f.optional ?? false,
            min: f.min ?? null,
            max: f.max ?? null,
          })),
        })),
      },
    ]),
  );
}

/** One corpus request's answers. */
export interface Answer {
  readonly request: string;
  readonly state: string;
  readonly plan: unknown;
  readonly odds: unknown;
  readonly resolved: unknown[];
}

/** The answers for every request of the corpus, in corpus order. */
export function corpusAnswers(): Answer[] {
  const out: Answer[] = [];
  for (const rs of RULE_SETS) {
    for (const [i, r] of corpusFor(rs, PER_TYPE, WALKS, SEED).entries()) {
      const request = `${r.ruleset} ${r.type} #${i} ${canonicalKey(r.action)}`;
      const o = oddsOf(rs, r.state, r.action);
      if (!o.ok) {
        out.push({ request, state: hash(r.state), plan: null, odds: { error: o.error.code }, resolved: [] });
        continue;
      }
      // Every outcome with its probability, kept as a hash beside the count and the five likeliest (to read a diff by).
      const listed = o.value.odds.outcomes.map((x): [string, number] => [canonicalKey(x.outcome), round(x.p)]).sort();
      const odds = {
        truncated: o.value.odds.truncated ?? false,
        count: listed.length,
        likeliest: [...listed].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5),
        all: hash(listed),
      };
      const resolved = ROLLS.map((seeds) => {
        const t = transition(rs, r.state, r.action, diceFor(o.value.plan, seeds));
        if (!t.ok) return { error: t.error.code };
        return {
          outcome: canonicalKey(t.value.outcome),
          events: canonicalKey(t.value.events),
          followUps: t.value.followUps.map((f) =>
            canonicalKey({ kind: f.kind, action: f.action, choice: f.kind === "choose" ? f.choice.options.map((c) => c.value) : null }),
          ),
          marks: t.value.marks,
          state: hash(t.value.state),
        };
      });
      out.push({ request, state: hash(r.state), plan: o.value.plan, odds, resolved });
    }
  }
  return out;
}
