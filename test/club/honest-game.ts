/**
 * A game as an honest table would publish it, built with the rules core itself (no table host): its `start` and
 * its records, each the `transition` of its action and dice. The forged-result tests change one thing in it.
 */
import { transition } from "../../src/game/engine.ts";
import { gameEndOf } from "../../src/game/game-end.ts";
import type { TableState } from "../../src/game/types.ts";
import { demoSetup } from "../host/helpers.ts";

export interface HonestGame {
  readonly start: Record<string, unknown>;
  readonly records: Record<string, unknown>[];
}

/**
 * Sole Bay's demo start; with `dutchLeft` all Dutch ships but that many are destroyed before the first shot (a
 * forged start: no rule sets a game up so); with `dutchOnly` the Dutch fleet is that one ship, fresh (an honest
 * small game).
 */
export function honestStart(game: string, dutchLeft?: number, dutchOnly?: string): Record<string, unknown> {
  const setup = demoSetup();
  const start = structuredClone(setup.start) as { ships: { id: string; side: string; hull: string; damage?: number }[] };
  if (dutchOnly) start.ships = start.ships.filter((s) => s.side !== "Dutch" || s.id === dutchOnly);
  const boxes: Record<string, number> = { stout: 20, average: 16, weak: 12 };
  if (dutchLeft !== undefined) {
    let keep = dutchLeft;
    for (const s of start.ships) if (s.side === "Dutch" && keep-- <= 0) s.damage = boxes[s.hull]; // every box marked: destroyed
  }
  return { game, ruleset: setup.ruleset.id, title: setup.title, scenario: null, start, at: "2026-11-26T20:00:00.000Z" };
}

/**
 * `n` records: wind changes and broadsides of Royal Prince at Gouda with the given faces, each resolved by the rules;
 * fewer when the game ends by the rules first (from `start`, Gouda the only Dutch ship: her loss ends it).
 */
export function honestGame(game: string, n: number, faces = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6], start = honestStart(game)): HonestGame {
  const setup = demoSetup();
  const rs = setup.ruleset;
  const parsed = rs.parseState(start.start as never, setup.data);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let state: TableState = parsed.value;
  const records: Record<string, unknown>[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const raw =
      seq % 2 === 1
        ? { type: "set-wind", windward: ["N", "E", "S", "W"][seq % 4] }
        : { type: "broadside", firer: "royal-prince", target: "gouda", rangeInches: 4, rake: false };
    const action = rs.parseAction(state, raw);
    if (!action.ok) throw new Error(action.error.message);
    const plan = rs.plan(state, action.value);
    const count = plan.ok ? plan.value.reduce((k, e) => k + e.count, 0) : 0;
    const dice = faces.slice(0, count);
    const t = transition(rs, state, action.value, dice);
    if (!t.ok) throw new Error(t.error.message);
    state = t.value.state;
    const over = gameEndOf(rs, state) !== null;
    records.push({
      game,
      seq,
      at: "2026-11-26T20:00:00.000Z",
      ruleset: rs.id,
      kind: "resolved",
      action: raw,
      outcome: JSON.parse(JSON.stringify(t.value.outcome)),
      dice: dice.map((value) => ({ value, source: "software" })),
      summary: `record ${seq}`,
    });
    if (over) break;
  }
  return { start, records };
}
