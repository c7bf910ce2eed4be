/** A game's table-file set-up kept in the store and turned back into the table setup load.ts builds. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameSetupOf, setupOfTable, tableOfSetup, tableSetupOfGame } from "../../../host/config/game-table.ts";
import { loadScenario, loadTableFile, type TableSetup } from "../../../host/config/load.ts";
import { scenarioNames } from "../../../host/config/scenario.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { tempDir } from "../helpers.ts";

const TABLE = `ruleset: sole-bay-1672
title: Club night
fleets:
  - side: English
    ships:
      - { id: royal-james, name: Royal James, tag: "04:a1:b2:c3:d4:e5:f6", rating: 1, speed: slow, hull: stout }
      - { id: london, name: London, tag: [04AB, 04AC], rating: 2, speed: medium, hull: stout, crew: elite }
  - side: Dutch
    ships:
      - { id: gouda, name: Gouda, tag: 04D2, rating: 3, speed: medium, hull: average }
  - side: English
    ships:
      - { id: henry, name: Henry, rating: 2, speed: medium, hull: average }
wind: { windward: W }
settings: { breakpointPercent: 50 }
players:
  - { side: Dutch, name: Ruth, dice: manual }
display: { theme: light, scale: 1.5 }
devices:
  dice:
    - { family: pixels, id: pixel-1, name: PXL-1 }
bindings:
  - { die: pixel-1, side: English }
`;

/**
 * What a game owns of a table setup: everything but the table's devices (and whether its file has a devices section,
 * and their names), bindings and club.
 */
const gamePart = ({ devices: _d, devicesSection: _s, deviceNames: _n, club: _c, bindings: _b, ...rest }: TableSetup) => rest;

/** Stores `setup` as a new game in a fresh file and reads the record back, as a later open would. */
function storedAndRead(setup: TableSetup) {
  const store = new SqliteStore(join(tempDir(), "games.sqlite"));
  try {
    const id = store.createGame(gameSetupOf(setup), 1);
    const record = store.games().find((g) => g.id === id);
    if (!record) throw new Error("the game was not stored");
    return record;
  } finally {
    store.close();
  }
}

describe("a game's stored set-up", () => {
  it("a table file's game, stored and read back, is the table setup load.ts built (but the table's devices)", () => {
    const file = join(tempDir(), "table.yaml");
    writeFileSync(file, TABLE);
    const loaded = loadTableFile(file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const back = tableSetupOfGame(storedAndRead(loaded.value));
    if (!back.ok) throw new Error(back.error.message);
    expect(gamePart(back.value)).toEqual(gamePart(loaded.value));
    expect(back.value.ruleset).toBe(loaded.value.ruleset);
    expect(back.value.tags).toEqual({ "04A1B2C3D4E5F6": "royal-james", "04AB": "london", "04AC": "london", "04D2": "gouda" });
    expect(back.value.start.ships.map((s) => s.id)).toEqual(["royal-james", "london", "gouda", "henry"]);
    expect(back.value.devices).toBeNull();
  });

  it("every bundled scenario round-trips too", () => {
    for (const name of scenarioNames()) {
      const sc = loadScenario(name);
      if (!sc.ok) throw new Error(sc.error.message);
      const back = tableSetupOfGame(storedAndRead(sc.value));
      expect(back.ok && gamePart(back.value), name).toEqual(gamePart({ ...sc.value, club: null }));
    }
  });

  it("a game stored before its set-up was kept opens from its starting ships, without tags", () => {
    const sc = loadScenario("quickfire");
    if (!sc.ok) throw new Error(sc.error.message);
    const { table: _t, ...old } = gameSetupOf(sc.value);
    const back = tableSetupOfGame({ setup: old });
    expect(back.ok && back.value.start.ships).toEqual(sc.value.start.ships);
    expect(back.ok && back.value.tags).toEqual({});
  });

  it("a set-up that no longer passes the rules names where", () => {
    const sc = loadScenario("sole-bay-1672");
    if (!sc.ok) throw new Error(sc.error.message);
    const table = tableOfSetup(sc.value);
    const bad = { ...table, fleets: [{ side: "Allied", ships: [{ ...table.fleets[0]?.ships[0], id: "x", name: "X", rating: 9 }] }] };
    const r = setupOfTable(bad, undefined);
    expect(!r.ok && r.error.path).toBe("fleets[0].ships[0].rating");
    const players = setupOfTable({ ...table, players: [{ side: "Prussia", dice: "manual" }] }, undefined);
    expect(!players.ok && players.error.path).toBe("players[0].side");
  });
});
