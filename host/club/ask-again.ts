/**
 * Exactly once without trusting the broker's memory (issue 27): the board looks every second for what it misses
 * of each game of an online table (its start, records after the head it holds without a gap, the report of its
 * end) and asks the table again on `quarterdeck/<club>/<table>/request`; the table answers from its own store.
 * A gap is asked for only after it has stood one look (records still in flight fill most gaps by themselves), and
 * each game's asking backs off from 2 s to 30 s while nothing arrives; what is only looked for (an end reported that
 * the records held do not give — the organiser's End, say — or an end with no report) is asked for 4 times.
 */
import type { Logger } from "pino";
import type { ClubGames, Missing } from "./games.ts";
import type { MessageSource } from "./sources.ts";

const FIRST_INTERVAL_MS = 2000;
const MAX_INTERVAL_MS = 30_000;
/** Asks for records the board only looks for (not known to be missing) before it stops, until something arrives. */
const LOOKING_TRIES = 4;

/** Starts looking; `stop()` ends it. */
export function askAgain(games: ClubGames, source: MessageSource, logger: Logger, now: () => number, everyMs: number): { stop(): void } {
  const asked = new Map<string, { from: number; seen: number; at: number; interval: number; tries: number }>();
  const look = () => {
    if (!source.connected) return;
    const t = now();
    let missing: Missing[];
    try {
      missing = games.missing();
    } catch (e) {
      logger.warn({ err: e }, "the board could not look for missing records");
      return;
    }
    const seen = new Set<string>();
    for (const m of missing) {
      const k = `${m.club}/${m.table}/${m.game}`;
      seen.add(k);
      const a = asked.get(k);
      if (!a || a.from !== m.from) {
        // new, or progress since the last look: wait one look before asking
        asked.set(k, { from: m.from, seen: t, at: 0, interval: FIRST_INTERVAL_MS, tries: 0 });
        continue;
      }
      if (t - a.seen < everyMs || t - a.at < a.interval || (!m.known && a.tries >= LOOKING_TRIES)) continue;
      a.tries++;
      if (a.at > 0) a.interval = Math.min(a.interval * 2, MAX_INTERVAL_MS);
      a.at = t;
      logger.info({ table: `${m.club}/${m.table}`, game: m.game, from: m.from, to: m.to }, "asking a table again for records");
      source.request(m.club, m.table, { game: m.game, from: m.from, to: m.to });
    }
    for (const k of asked.keys()) if (!seen.has(k)) asked.delete(k);
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
