/**
 * The odds corpus (see odds-corpus.ts): valid requests for every action type of every rule set, generated with
 * fast-check as random games from the bundled scenarios at up to four times their fleets. Each request's odds are timed
 * in-process on a fresh copy of its state (so the per-state memo never answers), after a warm-up pass over a
 * corpus of another seed. Reports median and p99 per action type, and names the slowest. An action type of any rule
 * set left without a timing fails the bench: it says which on stderr and the run exits non-zero.
 */
import { oddsOf } from "../src/game/engine.ts";
import { RULE_SETS } from "../src/rulesets/index.ts";
import { type CorpusRequest, corpusFor } from "./odds-corpus.ts";
import { quantile } from "./stats.ts";

const PER_TYPE = 25;
const WALKS = 60;
const ROUNDS = 4;

const refusals: string[] = [];

function timeOdds(r: CorpusRequest): number {
  const rs = RULE_SETS.find((x) => x.id === r.ruleset);
  if (!rs) throw new Error(`no rule set ${r.ruleset}`);
  const state = structuredClone(r.state);
  const t0 = performance.now();
  const o = oddsOf(rs, state, r.action);
  const ms = performance.now() - t0;
  if (!o.ok) refusals.push(`${r.ruleset} ${r.type}: ${o.error.code} (${o.error.message})`);
  return ms;
}

export async function run(): Promise<string> {
  const warm = RULE_SETS.flatMap((rs) => corpusFor(rs, 5, WALKS / 2, 7));
  for (const r of warm) timeOdds(r);
  refusals.length = 0;
  const rejected: string[] = [];
  const corpus = RULE_SETS.flatMap((rs) => corpusFor(rs, PER_TYPE, WALKS, 1, undefined, rejected));
  const times = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const r of corpus) {
      const key = `${r.ruleset} ${r.type}`;
      const list = times.get(key) ?? [];
      list.push(timeOdds(r));
      times.set(key, list);
    }
  }
  const rows = [...times].map(([key, ms]) => ({ key, n: ms.length, median: quantile(ms, 0.5), p99: quantile(ms, 0.99) }));
  const lines = ["| rule set, action | requests × rounds | median | p99 |", "|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.key} | ${r.n / ROUNDS} × ${ROUNDS} | ${r.median.toFixed(3)} ms | ${r.p99.toFixed(3)} ms |`);
  const missing = RULE_SETS.flatMap((rs) => rs.actions.map((a) => `${rs.id} ${a.type}`)).filter((k) => !times.has(k));
  const slowest = [...rows].sort((a, b) => b.p99 - a.p99)[0];
  const worstMedian = [...rows].sort((a, b) => b.median - a.median)[0];
  const overall = [...times.values()].flat();
  if (missing.length > 0) {
    console.error(`odds bench FAILED: no timing for ${missing.join(", ")} (add a prepared start in bench/odds-prepared.ts).`);
    process.exitCode = 1;
  }
  return [
    lines.join("\n"),
    "",
    `All ${overall.length} timings: median ${quantile(overall, 0.5).toFixed(3)} ms, p99 ${quantile(overall, 0.99).toFixed(3)} ms.`,
    `Slowest by p99: ${slowest?.key} (${slowest?.p99.toFixed(3)} ms); by median: ${worstMedian?.key} (${worstMedian?.median.toFixed(3)} ms).`,
    refusals.length ? `Refused: ${[...new Set(refusals)].join("; ")}.` : "No request was refused.",
    missing.length
      ? `**FAILED**: no valid request generated for: ${missing.join(", ")}.`
      : `Every action type of every rule set is in the corpus (${rows.length} types).`,
    rejected.length
      ? `Prepared starts refused (dropped): ${rejected.length}, e.g. ${[...new Set(rejected)].slice(0, 3).join("; ")}.`
      : "Every prepared start was accepted.",
    "",
  ].join("\n");
}
