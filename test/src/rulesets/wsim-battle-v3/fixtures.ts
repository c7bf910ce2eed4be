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
