/** Ships, leaders and a club data file for the wsim-battle-v3 tests (invented numbers, not the base game's). */
import { parseWsimData, type WsimData } from "../../../../src/rulesets/wsim-battle-v3/data.ts";

export const victory = (extra: Record<string, unknown> = {}) => ({
  id: "victory",
  name: "Victory",
  side: "GB",
  class: 1,
  kind: "sol",
  guns: 100,
  crew: "crack",
  turningAllowance: 1,
  gunsLeft: { boxes: 12 },
  gunsRight: { boxes: 12 },
  ...extra,
});
export const bucentaure = (extra: Record<string, unknown> = {}) => ({
  id: "bucentaure",
  name: "Bucentaure",
  side: "FR",
  class: 2,
  kind: "sol",
  guns: 80,
  crew: "average",
  turningAllowance: 1,
  gunsLeft: { boxes: 10 },
  ...extra,
});
export const hermione = (extra: Record<string, unknown> = {}) => ({
  id: "hermione",
  name: "Hermione",
  side: "FR",
  class: 5,
  kind: "frigate",
  guns: 32,
  crew: "seasoned",
  turningAllowance: 3,
  gunsLeft: { boxes: 8 },
  rigging: [{ boxes: 4 }, { boxes: 4 }, { boxes: 4 }],
  ...extra,
});

/** A made-up club table: the test only needs its shape. */
export const CLUB_DATA_RAW = {
  name: "Test club table (invented numbers)",
  fire: {
    columns: [
      { guns: [1, 10], range: [1, 5], hits: [0, 0, 1, 1, 2, 3] },
      { guns: [11, 40], range: [1, 5], hits: [1, 1, 2, 2, 3, 4] },
      { guns: [1, 40], range: [6, 20], firstDie: 0, hits: [0, 0, 0, 1, 1, 1, 2, 2] },
    ],
    crewModifiers: { crack: 1, green: -1 },
  },
  critical: { dice: 2, hull: { "9": "Possible leader casualty" }, rigging: { "4": "Mast hit", "6": "Yard hit" } },
  meleeMultipliers: { elite: 5, crack: 4, average: 3, green: 2, poor: 1 },
};

export function clubData(): WsimData {
  const r = parseWsimData(CLUB_DATA_RAW);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** A Hit Table cell by invented rule: hull row r, die d. */
export const hullCell = (r: number, d: number) => [r + (d >= 5 ? 1 : 0), d === 3 ? 1 : 0, d >= 4 ? 1 : 0, 0];
export const riggingCell = (r: number, d: number) => [0, 0, d === 6 ? 1 : 0, r + (d >= 4 ? 1 : 0)];
const rows = (cell: (r: number, d: number) => number[]) =>
  Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, d) => cell(r, d + 1)));

/** The base game's model with invented numbers: three gun bands, ranges 1–4, Hit Table numbers 0–5. */
export const BASE_DATA_RAW = {
  name: "Test club base-game tables (invented numbers)",
  hitTables: {
    gunBands: [
      [1, 4],
      [5, 8],
      [9, 99],
    ],
    carronadeRange: 2,
    determination: [
      [2, 1, 0, -1],
      [3, 2, 1, 0],
      [4, 3, 2, 1],
    ],
    rake: [
      [3, 2, 1, 0],
      [4, 3, 2, 1],
      [5, 4, 3, 2],
    ],
    sternRake: 1,
    modifiers: {
      crew: { elite: [1, 2, 2], crack: [0, 1, 1], average: [0, 0, 0], green: [-1, -1, -1], poor: [-1, -2, -2] },
      initialBroadside: [1, 1, 2],
      lostCrewSection: [-1, -1, -2],
      captured: [-1, -2, -2],
    },
    ammunition: {
      round: { modifiers: [0, 0, 0], maxRange: 4 },
      double: { modifiers: [1, 1, 1], maxRange: 1 },
      chain: { modifiers: [0, 0, 0], maxRange: 3, hits: "rigging" },
      grape: { modifiers: [0, 0, 1], maxRange: 1, hits: "crew" },
    },
    hull: rows(hullCell),
    rigging: rows(riggingCell),
  },
  critical: { dice: 1, addHitTableNumber: true, hull: { "9": "Rudder hit" }, rigging: { "7": "Foremast hit" } },
  meleeMultipliers: { elite: 5, crack: 4, average: 3, green: 2, poor: 1 },
  melee: {
    strengthPerRow: 10,
    losses: [
      [0, 0, 1, 1, 1, 2],
      [1, 1, 1, 2, 2, 3],
      [1, 2, 2, 3, 3, 4],
    ],
  },
};

export function baseData(): WsimData {
  const r = parseWsimData(BASE_DATA_RAW);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
