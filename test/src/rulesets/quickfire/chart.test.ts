import { describe, expect, it } from "vitest";
import { gunneryColumn, HOUSE_LABEL, houseChart, parseChart, sinkingNumber } from "../../../../src/rulesets/quickfire/chart.ts";
import house from "../../../../src/rulesets/quickfire/house-chart.json" with { type: "json" };
import { borodino, mikasa, run, table } from "./helpers.ts";

describe("the house default chart", () => {
  it("is labelled in the file", () => {
    expect(house.label).toBe("house default — not the official chart");
    expect(houseChart().label).toBe(HOUSE_LABEL);
  });
  it("agrees with the text: the 100% column hits on 7 or less; 98% falls in the 50% column", () => {
    expect(gunneryColumn(houseChart(), 100)?.hits).toBe(7);
    expect(gunneryColumn(houseChart(), (10 / 7) * 100)?.percent).toBe(100);
    expect(gunneryColumn(houseChart(), 98)?.percent).toBe(50);
  });
  it("agrees with the text: S repaired on 8–11, direction on 2–7, size 7 sinks on 2 before modifiers", () => {
    expect(houseChart().repair.speed).toEqual([8, 9, 10, 11]);
    expect(houseChart().repair.direction).toEqual([2, 3, 4, 5, 6, 7]);
    expect(sinkingNumber(houseChart(), 7)).toBe(2);
    expect(houseChart().sinking).toMatchObject({ perFire: 1, perExtraSpeedHit: 1 });
  });
});

describe("a club's chart replaces it", () => {
  const club = { ...houseChart(), label: "Club copy of the WTJ chart", gunnery: [{ percent: 0, hits: 4 }] };
  it("is used for every result and named on it", () => {
    const parsed = parseChart(club);
    expect(parsed.ok).toBe(true);
    const s = table([mikasa(), borodino()], {}, parsed.ok ? parsed.value : undefined);
    const t = run(s, { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" }, [1, 2, 3]);
    expect(t.outcome).toMatchObject({ hitNumber: 4, hit: null, chart: "Club copy of the WTJ chart" });
  });
  it("bad values name their JSON path", () => {
    const bad = (raw: unknown) => {
      const r = parseChart(raw);
      return r.ok ? null : r.error;
    };
    expect(bad({ ...houseChart(), gunnery: [{ percent: 0, hits: "seven" }] })).toMatchObject({
      code: "input.invalid",
      path: "gunnery[0].hits",
    });
    expect(
      bad({
        ...houseChart(),
        gunnery: [
          { percent: 50, hits: 5 },
          { percent: 25, hits: 3 },
        ],
      })?.path,
    ).toBe("gunnery[1].percent");
    expect(bad({ ...houseChart(), damage: { ...houseChart().damage, fire: { ...houseChart().damage.fire, "7": ["X"] } } })?.path).toBe(
      "damage.fire[7][0]",
    );
    expect(bad({ ...houseChart(), extra: 1 })?.path).toBe("extra");
    const { label: _drop, ...unlabelled } = houseChart();
    expect(bad(unlabelled)?.path).toBe("label");
  });
});
