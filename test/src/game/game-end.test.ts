/** The end of a game by the rules (issue 24 item 4): a side with no ship afloat in every rule set, and the texts' own ends. */
import { describe, expect, it } from "vitest";
import { gameEndOf, lastSideAfloat } from "../../../src/game/game-end.ts";
import type { RuleSet, ShipView, TableState } from "../../../src/game/types.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";

const view = (id: string, side: string, out = false): ShipView => ({
  id,
  name: id,
  side,
  status: [out ? "sunk" : "fresh"],
  severity: [out ? "out" : "fine"],
  tracks: [],
  facts: [],
});

function state<S extends TableState>(rs: RuleSet<S>, raw: Record<string, unknown>): S {
  const s = rs.parseState(raw);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

describe("a side with no ship afloat ends the game in every rule set", () => {
  it("the side still afloat wins; while two sides fight on, or with one side only, the game goes on", () => {
    expect(lastSideAfloat([view("a", "English"), view("b", "Dutch")])).toBeNull();
    expect(lastSideAfloat([view("a", "English")])).toBeNull();
    expect(lastSideAfloat([view("a", "English"), view("b", "Dutch", true), view("c", "Dutch", true)])).toEqual({
      winner: "English",
      reason: "Dutch has no ship afloat.",
    });
    expect(lastSideAfloat([view("a", "English", true), view("b", "Dutch", true)])).toEqual({
      winner: null,
      reason: "No ship of either side is afloat.",
    });
  });
  it("read from the rule set's own views (Age of Sail: a sunk ship is out)", () => {
    const ships = [
      { id: "a", name: "Victory", side: "GB", class: "ship-of-the-line" },
      { id: "b", name: "Redoutable", side: "FR", class: "ship-of-the-line", sunk: true },
    ];
    expect(gameEndOf(ageOfSail, state(ageOfSail, { ships }))).toEqual({ winner: "GB", reason: "FR has no ship afloat." });
    expect(gameEndOf(ageOfSail, state(ageOfSail, { ships: [ships[0], { ...ships[1], sunk: false }] }))).toBeNull();
  });
});

describe("the texts' own ends", () => {
  it('1666, Appendix 2 Gale: "End game, all ships too busy staying afloat to fight." — no winner named', () => {
    const ships = [
      { id: "a", side: "English", nation: "english", guns: 60, hullPoints: 20, firePoints: 5 },
      { id: "b", side: "Dutch", nation: "dutch", guns: 60, hullPoints: 20, firePoints: 5 },
    ];
    expect(gameEndOf(angloDutch1666, state(angloDutch1666, { ships }))).toBeNull();
    const gale = gameEndOf(angloDutch1666, state(angloDutch1666, { ships, game: { ended: true, endReason: "gale" } }));
    expect(gale?.winner).toBeNull();
    expect(gale?.reason).toMatch(/^A gale: "End game, all ships too busy staying afloat to fight."/);
  });
  it('Sole Bay: "Once a Squadron/Division has lost 33% of its ships … it will break off and retire" — a side all broken loses', () => {
    const ship = (id: string, side: string, squadron: string) => ({ id, side, squadron, rating: 3, speed: "medium", hull: "average" });
    const ships = [ship("a", "English", "Red"), ship("b", "English", "Blue"), ship("c", "Dutch", "Maas")];
    expect(gameEndOf(soleBay1672, state(soleBay1672, { ships, game: { broken: ["Red"] } }))).toBeNull();
    const end = gameEndOf(soleBay1672, state(soleBay1672, { ships, game: { broken: ["Maas"] } }));
    expect(end?.winner).toBe("English");
    expect(end?.reason).toMatch(/^Every squadron of Dutch has broken off or been lost/);
    // one squadron broken and the other lost to the last ship: the side is out too
    const lost = state(soleBay1672, { ships: [{ ...ships[0], damage: 16 }, ships[1], ships[2]], game: { broken: ["Blue"] } });
    expect(gameEndOf(soleBay1672, lost)?.winner).toBe("Dutch");
  });
});
