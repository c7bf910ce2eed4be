/**
 * The odds corpus: requests for every action type of every rule set over valid states, generated with fast-check.
 * States are the bundled scenarios (host/scenarios), their fleets copied up to club sizes (up to 24 ships, each copy a
 * squadron of its own) with generated damage-free variations left to the rule set's own defaults; actions are
 * generated from each action's field descriptions (ships from the state, numbers within their bounds, enum values).
 * A request the rule set refuses (illegal now, out of range) is dropped, so only valid requests are timed.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parse } from "yaml";
import { scenarioFile } from "../host/config/scenario.ts";
import { parseRequest } from "../src/game/engine.ts";
import type { Action, ActionDef, ActionField, RuleSet, TableState } from "../src/game/types.ts";

/** One valid odds request of the corpus. */
export interface CorpusRequest {
  readonly ruleset: string;
  readonly type: string;
  readonly state: TableState;
  readonly action: Action;
  readonly ships: number;
}

interface ScenarioFile {
  readonly fleets: { side: string; ships: Record<string, unknown>[] }[];
  readonly wind?: unknown;
  readonly game?: Record<string, unknown>;
  readonly settings?: Record<string, unknown>;
}

/** The scenario's ships, copied `copies` times (copy k: ids and squadrons suffixed `-k`). */
function fleetOf(sc: ScenarioFile, copies: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let k = 0; k < copies; k++) {
    for (const f of sc.fleets) {
      for (const { tag: _tag, ...s } of f.ships) {
        const suffix = k === 0 ? "" : `-${k}`;
        const squadron = typeof s.squadron === "string" ? { squadron: `${s.squadron}${suffix}` } : {};
        out.push({ ...s, ...squadron, side: f.side, id: `${String(s.id)}${suffix}`, name: `${String(s.name ?? s.id)}${suffix}` });
      }
    }
  }
  return out;
}

function fieldArb(field: ActionField, ids: readonly string[]): fc.Arbitrary<unknown> {
  switch (field.type) {
    case "ship":
      return fc.constantFrom(...ids);
    case "ships":
      return fc.shuffledSubarray([...ids], { minLength: 1, maxLength: Math.min(ids.length, 20) });
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? Math.max(min + 12, 12);
      return Number.isInteger(min) && Number.isInteger(max) ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case "boolean":
      return fc.boolean();
    case "enum":
      return field.values && field.values.length > 0 ? fc.constantFrom(...field.values) : fc.constant(field.default);
    default:
      return field.values && field.values.length > 0 ? fc.constantFrom(...field.values) : fc.string({ maxLength: 8 });
  }
}

function actionArb(def: ActionDef, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = { type: fc.constant(def.type) };
  for (const f of def.fields) {
    const arb = fieldArb(f, ids);
    parts[f.name] = f.optional ? fc.option(arb, { nil: undefined }) : arb;
  }
  return fc.record(parts).map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)));
}

/**
 * Up to `perType` valid requests for each action type of a rule set, from `tries` generated candidates per type.
 * `seed` makes the corpus repeatable.
 */
export function corpusFor(rs: RuleSet, perType: number, tries: number, seed: number): CorpusRequest[] {
  const sc = parse(readFileSync(scenarioFile(rs.id), "utf8")) as ScenarioFile;
  const out: CorpusRequest[] = [];
  for (const def of rs.actions) {
    const arb = fc.integer({ min: 1, max: 4 }).chain((copies) => {
      const ships = fleetOf(sc, copies);
      const ids = ships.map((s) => String(s.id));
      return actionArb(def, ids).map((action) => ({ ships, action }));
    });
    const candidates = fc.sample(arb, { numRuns: tries, seed: seed + out.length });
    let found = 0;
    for (const { ships, action } of candidates) {
      if (found >= perType) break;
      const raw = { ships, wind: sc.wind, game: sc.game, settings: sc.settings, action };
      const req = parseRequest(rs, raw);
      if (!req.ok || !rs.plan(req.value.state, req.value.action).ok) continue;
      out.push({ ruleset: rs.id, type: def.type, state: req.value.state, action: req.value.action, ships: ships.length });
      found++;
    }
  }
  return out;
}
