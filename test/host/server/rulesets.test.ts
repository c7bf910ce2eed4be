/**
 * `GET /api/rulesets` (issue 12): each rule set with its ship set-up fields (labels, choices, bounds) and its
 * bundled scenarios, as the new-game page builds its steps from them; the games pages are served.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

describe("GET /api/rulesets", () => {
  it("lists every rule set with the fields of a ship's set-up and its bundled scenarios", async () => {
    const r = await f.app.inject({ method: "GET", url: "/api/rulesets" });
    expect(r.statusCode).toBe(200);
    const { rulesets } = r.json();
    expect(rulesets.map((x: { id: string }) => x.id)).toEqual(RULE_SETS.map((rs) => rs.id));
    const soleBay = rulesets.find((x: { id: string }) => x.id === "sole-bay-1672");
    expect(soleBay.ship.find((x: { name: string }) => x.name === "hull")).toEqual({
      name: "hull",
      label: "Hull",
      type: "enum",
      values: ["stout", "average", "weak"],
    });
    expect(soleBay.ship.find((x: { name: string }) => x.name === "rating")).toMatchObject({ type: "number", min: 1, max: 4 });
    expect(soleBay.ship.find((x: { name: string }) => x.name === "crew")).toMatchObject({ default: "regular", optional: true });
    expect(soleBay.scenarios).toEqual([expect.objectContaining({ id: "sole-bay-1672", sides: expect.any(Array) })]);
    for (const rs of rulesets) {
      expect(rs.ship.length, rs.id).toBeGreaterThan(0);
      expect(rs.scenarios.length, rs.id).toBeGreaterThan(0);
    }
  });

  it("gives each rule set's dice in words: the roles of its plans, the colours its rules tell dice apart by", async () => {
    const { rulesets } = (await f.app.inject({ method: "GET", url: "/api/rulesets" })).json();
    const quickfire = rulesets.find((x: { id: string }) => x.id === "quickfire");
    expect(quickfire.dice.colors.map((c: { color: string }) => c.color)).toEqual(["black", "white"]);
    expect(quickfire.dice.roles).toContainEqual(expect.objectContaining({ role: "rof", label: "ROF die" }));
    const soleBay = rulesets.find((x: { id: string }) => x.id === "sole-bay-1672");
    expect(soleBay.dice.colors).toEqual([]);
    expect(soleBay.dice.roles).toContainEqual(expect.objectContaining({ role: "initiative", label: "Initiative" }));
  });

  it("serves the games pages", async () => {
    for (const url of ["/games", "/games/new", "/games/12/summary"]) {
      const r = await f.app.inject({ method: "GET", url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toMatch(/<script type="module" src="\/static\/[a-z-]+\.js">/);
    }
  });
});
