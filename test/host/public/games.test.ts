/** The games pages' pure helpers (host/public/lib/games.js). */
import { describe, expect, it } from "vitest";
import {
  arrangeGames,
  fileName,
  fleetErrorAt,
  lastPlayed,
  scenarioWord,
  shipMarks,
  statusWord,
  withoutPath,
} from "../../../host/public/lib/games.js";

describe("games page helpers", () => {
  it("words a game's status, the open one marked", () => {
    expect(statusWord({ status: "active", open: true })).toBe("on the table");
    expect(statusWord({ status: "active", open: false })).toBe("in play");
    expect(statusWord({ status: "ended", open: false })).toBe("ended");
    expect(statusWord({ status: "archived", open: false })).toBe("put away");
    expect(scenarioWord(null)).toBe("blank");
    expect(scenarioWord("sole-bay-1672")).toBe("sole bay 1672");
    expect(fileName("Zeven Provinciën, 1672!")).toBe("zeven-provincien-1672");
    expect(fileName("!!")).toBe("game");
  });

  it("says when a game was last played", () => {
    const now = new Date(2026, 10, 26, 21, 0).getTime();
    expect(lastPlayed(new Date(2026, 10, 26, 20, 14).getTime(), now)).toMatch(/^today (20.14|08.14 PM)$/);
    expect(lastPlayed(new Date(2026, 10, 25, 23, 5).getTime(), now)).toMatch(/^yesterday (23.05|11.05 PM)$/);
    expect(lastPlayed(new Date(2026, 9, 1, 19, 30).getTime(), now)).toMatch(/2026/);
  });

  it("puts the open game first, then the newest; put-away games apart", () => {
    const g = (id: number, updatedAt: number, status = "active", open = false) => ({ id, updatedAt, status, open });
    const { shown, archived } = arrangeGames([g(1, 10), g(2, 30), g(3, 20, "active", true), g(4, 40, "archived")]);
    expect(shown.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(archived.map((x) => x.id)).toEqual([4]);
  });

  it("finds the fleet, ship and field a refusal names", () => {
    expect(fleetErrorAt("fleets[1].ships[0].hull")).toEqual({ fleet: 1, ship: 0, field: "hull" });
    expect(fleetErrorAt("fleets[0]")).toEqual({ fleet: 0, ship: null, field: "" });
    expect(fleetErrorAt("fleets[0].side")).toEqual({ fleet: 0, ship: null, field: "side" });
    expect(fleetErrorAt("players[0].side")).toBeNull();
    expect(withoutPath("fleets[0].ships[1].hull: must be one of stout, average, weak.", "fleets[0].ships[1].hull")).toBe(
      "must be one of stout, average, weak.",
    );
  });
});

describe("the new-game wizard's words and ids", () => {
  it("derives a ship's id from its name, one word and unique", async () => {
    const { idFromName } = await import("../../../host/public/lib/games.js");
    expect(idFromName("Royal James")).toBe("royal-james");
    expect(idFromName("Royal James", ["royal-james"])).toBe("royal-james-2");
    expect(idFromName("Royal James", ["royal-james", "royal-james-2"])).toBe("royal-james-3");
    expect(idFromName("Zeven Provinciën")).toBe("zeven-provincien");
    expect(idFromName("  ")).toBe("ship");
    expect(idFromName("H.M.S. Victory")).not.toMatch(/\s/);
  });

  it("names a field by its label, never its key", async () => {
    const { labelled, settingLabel } = await import("../../../host/public/lib/games.js");
    const fields = [
      { name: "rating", label: "Rate" },
      { name: "speedBoxes", label: "Speed boxes (8, fastest first: [60,52,…])" },
    ];
    expect(labelled("rating must be at least 1", fields)).toBe("Rate must be at least 1");
    expect(labelled("speedBoxes expected array", fields)).toBe("Speed boxes must be a list");
    expect(settingLabel("deathDiceSkullFace")).toBe("Death dice skull face");
  });
});

describe("shipMarks: what the wizard's list says of a ship", () => {
  const fields = [
    { name: "squadron", label: "Squadron", type: "string" },
    { name: "flagship", label: "Flagship", type: "boolean" },
    { name: "fireship", label: "Fireship", type: "boolean" },
  ];
  it("ticked marks by label, the squadron, her own base or the rules' usual one", () => {
    expect(shipMarks({ flagship: true, fireship: false, squadron: "red" }, fields, { width: 25, length: 60 })).toEqual([
      "Flagship",
      "Squadron red",
      "base 25 × 60 mm (the rules' usual)",
    ]);
    expect(shipMarks({ squadron: " ", base: { width: 30, length: 80 } }, fields, { width: 25, length: 60 })).toEqual(["base 30 × 80 mm"]);
  });
});
