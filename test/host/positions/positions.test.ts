/**
 * Positions at the table: the feed that checks what a source reports, the session keeping each ship's latest sighting
 * (saved when it moved, kept over a restart), whether a sighting holds, and the starting formation.
 */
import { describe, expect, it } from "vitest";
import { PositionFeed } from "../../../devices/positions/feed.ts";
import type { ShipSeen } from "../../../devices/readings.ts";
import { DEFAULT_TABLE, layoutProblem, startingFormation } from "../../../host/config/table-layout.ts";
import { heldPositions, holds, sighted, unusable } from "../../../host/session/positions.ts";
import { demoSetup, openSession, tag, uidOf } from "../helpers.ts";

const seen = (ship: string, x: number, y: number, heading: number, more: Partial<ShipSeen> = {}): ShipSeen => ({
  type: "ship.seen",
  sourceId: "table",
  ship,
  x,
  y,
  heading,
  uncertainty: 0,
  at: 1000,
  ...more,
});

describe("the position feed", () => {
  it("gives one ship.seen per ship reported, headings brought into 0–360", () => {
    const feed = new PositionFeed({
      id: "camera",
      family: "camera",
      emulated: false,
      holdsFor: 5000,
      clock: { now: () => 42, after: () => ({ cancel() {} }) },
    });
    const got: ShipSeen[] = [];
    feed.onReading((r) => got.push(r));
    expect(feed.report([{ ship: "gouda", x: 10, y: 20.04, heading: -90, uncertainty: 3 }])).toBe(1);
    expect(got).toEqual([
      { type: "ship.seen", sourceId: "camera", ship: "gouda", x: 10, y: 20, heading: 270, uncertainty: 3, holdsFor: 5000, at: 42 },
    ]);
  });

  it("refuses a bad report whole, naming the entry, and gives nothing of it", () => {
    const feed = new PositionFeed({ id: "camera", family: "camera", emulated: false });
    const got: ShipSeen[] = [];
    feed.onReading((r) => got.push(r));
    for (const [bad, why] of [
      [
        [
          { ship: "a", x: 1, y: 1, heading: 0 },
          { ship: "b", x: Number.NaN, y: 1, heading: 0 },
        ],
        /ships\[1\]: x must be/,
      ],
      [[{ ship: "", x: 1, y: 1, heading: 0 }], /ship must be/],
      [[{ ship: "a", x: 1, y: 1e9, heading: 0 }], /y must be/],
      [[{ ship: "a", x: 1, y: 1, heading: "N" }], /heading must be/],
      [[{ ship: "a", x: 1, y: 1, heading: 0, uncertainty: -1 }], /uncertainty must be/],
      [["gouda"], /must be an object/],
    ] as const)
      expect(() => feed.report(bad as unknown as unknown[]), JSON.stringify(bad)).toThrow(why);
    expect(got).toEqual([]);
  });
});

describe("a ship's latest sighting", () => {
  const ids = ["gouda", "henry"];
  it("is kept; a move saves, a camera's jitter does not; a ship not in the game is not", () => {
    const first = sighted(undefined, seen("gouda", 100, 200, 90), ids);
    expect(first).toMatchObject({ changed: true, positions: { gouda: { x: 100, y: 200, heading: 90, source: "table", at: 1000 } } });
    expect(sighted(first?.positions, seen("gouda", 100.2, 200.1, 90.3, { at: 2000 }), ids)?.changed).toBe(false);
    expect(sighted(first?.positions, seen("gouda", 101, 200, 90, { at: 2000 }), ids)?.changed).toBe(true);
    expect(sighted(first?.positions, seen("gouda", 100, 200, 359.8 + 91, { at: 2000 }), ids)?.changed).toBe(true);
    expect(sighted(first?.positions, seen("zeeland", 1, 2, 3), ids)).toBeNull();
  });

  it("holds until moved when placed by hand, a few seconds when seen by a camera; a stale one says why", () => {
    const placed = sighted(undefined, seen("gouda", 1, 2, 3), ids)?.positions;
    expect(holds(placed?.gouda as never, 10_000_000)).toBe(true);
    const camera = sighted(undefined, seen("gouda", 1, 2, 3, { holdsFor: 5000 }), ids)?.positions;
    expect(holds(camera?.gouda as never, 6000)).toBe(true);
    expect(holds(camera?.gouda as never, 6001)).toBe(false);
    expect(unusable(camera, "gouda", "Gouda", 13_000)).toBe("Gouda was last seen 12 s ago");
    expect(unusable(camera, "henry", "Henry", 13_000)).toBe("Henry's position is not known");
    expect(unusable(camera, "gouda", "Gouda", 2000)).toBeNull();
    expect(heldPositions(camera, 13_000)).toEqual({});
    expect(heldPositions(camera, 2000)).toEqual({ gouda: { x: 1, y: 2, heading: 3 } });
    // seen again after it went stale: a change worth showing even where it stands
    expect(sighted(camera, seen("gouda", 1, 2, 3, { at: 20_000, holdsFor: 5000 }), ids)?.changed).toBe(true);
  });
});

describe("the session keeps positions", () => {
  it("saves a move, shows it in the view's table, and has it again after a restart", () => {
    const f = openSession();
    const before = f.session.version;
    f.session.send({ type: "reading", reading: seen("gouda", 500, 700, 270) });
    expect(f.session.version).toBeGreaterThan(before);
    f.session.send({ type: "reading", reading: seen("gouda", 500.1, 700, 270, { at: 3000 }) });
    const v = f.session.version;
    f.session.send({ type: "reading", reading: seen("gouda", 500.2, 700, 270, { at: 4000 }) });
    expect(f.session.version).toBe(v); // jitter: nothing saved, nothing pushed
    f.session.send({ type: "reading", reading: seen("not-a-ship", 1, 1, 1) });
    expect(f.session.work.positions?.["not-a-ship"]).toBeUndefined();
    const again = f.reopen();
    expect(again.session.work.positions?.gouda).toMatchObject({ x: 500, y: 700, heading: 270, source: "table" });
  });
});

describe("the starting formation", () => {
  const setup = demoSetup();
  const ships = setup.start.ships.map((s) => ({ id: String(s.id), side: String(s.side) }));

  it("places every ship on the table, each side in line ahead, the lines facing each other", () => {
    const f = startingFormation(ships, DEFAULT_TABLE);
    expect(f.map((p) => p.ship).sort()).toEqual(ships.map((s) => s.id).sort());
    for (const p of f) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(DEFAULT_TABLE.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(DEFAULT_TABLE.height);
    }
    const bySide = (side: string) => f.filter((p) => ships.find((s) => s.id === p.ship)?.side === side);
    expect(new Set(bySide("Allied").map((p) => p.heading))).toEqual(new Set([90]));
    expect(new Set(bySide("Dutch").map((p) => p.heading))).toEqual(new Set([270]));
    expect(new Set(bySide("Allied").map((p) => p.y)).size).toBe(1);
  });

  it("puts a ship the table section places where it says; a start naming no ship, or off the table, is a problem", () => {
    const layout = { ...DEFAULT_TABLE, start: { gouda: { x: 10, y: 20, heading: 45 } } };
    expect(startingFormation(ships, layout).find((p) => p.ship === "gouda")).toEqual({ ship: "gouda", x: 10, y: 20, heading: 45 });
    expect(
      layoutProblem(
        layout,
        ships.map((s) => s.id),
      ),
    ).toBeNull();
    expect(layoutProblem({ ...DEFAULT_TABLE, start: { zeeland: { x: 1, y: 1, heading: 0 } } }, ["gouda"])?.message).toMatch(
      /no ship "zeeland"/,
    );
    expect(layoutProblem({ ...DEFAULT_TABLE, start: { gouda: { x: 5000, y: 1, heading: 0 } } }, ["gouda"])?.message).toMatch(
      /off the 1830 × 1220 mm table/,
    );
  });
});

describe("an action set up by taps is measured from positions", () => {
  const JAMES = uidOf(demoSetup(), "royal-james");
  const GOUDA = uidOf(demoSetup(), "gouda");
  const placed = (f: ReturnType<typeof openSession>, gouda = { x: 995, y: 710, heading: 270 }, more: Partial<ShipSeen> = {}) => {
    f.session.send({ type: "reading", reading: seen("royal-james", 995, 510, 90, more) });
    f.session.send({ type: "reading", reading: seen("gouda", gouda.x, gouda.y, gouda.heading, more) });
  };
  const tapBoth = (f: ReturnType<typeof openSession>) => {
    f.session.send({ type: "reading", reading: tag(JAMES) });
    f.session.send({ type: "reading", reading: tag(GOUDA) });
  };

  it("fills range, the side fired at and rake at once: the broadside waits only for dice", () => {
    const f = openSession();
    placed(f);
    tapBoth(f);
    const st = f.session.draftStatus();
    expect(st?.action).toMatchObject({ type: "broadside", firer: "royal-james", target: "gouda", broadside: "port", rake: false });
    // 200 mm centre to centre, less two half bases of 25 mm: 175 mm = 6.89″
    expect(st?.action.rangeInches).toBeCloseTo(6.89, 2);
    expect(st?.measure?.measured).toMatchObject({ rangeInches: expect.any(Number), broadside: "port", rake: false });
    expect(st?.instruction).toBe("10 dice — roll 9, then 1");
  });

  it("refuses the same taps when the target has moved out of the firing line, saying why with the figure", () => {
    const f = openSession();
    placed(f, { x: 1150, y: 710, heading: 270 });
    tapBoth(f);
    const st = f.session.draftStatus();
    expect(st?.error?.code).toMatch(/^rules\./);
    expect(st?.instruction).toMatch(/firing line/i);
    expect(st?.plan).toBeNull();
  });

  it("a person's value wins over the measurement and is said to override it", () => {
    const f = openSession();
    placed(f);
    tapBoth(f);
    expect(f.session.send({ type: "edit", actionType: undefined, values: { rangeInches: 3 } }).ok).toBe(true);
    const st = f.session.draftStatus();
    expect(st?.action.rangeInches).toBe(3);
    expect(st?.measure?.overridden.rangeInches).toMatchObject({ given: 3 });
  });

  it("a stale position asks for the figure, saying why", () => {
    const f = openSession();
    placed(f, undefined, { at: 1, holdsFor: 1000 });
    tapBoth(f);
    expect(f.session.draftStatus()?.instruction).toMatch(
      /^Royal James was last seen \d+ s ago; Gouda was last seen \d+ s ago: choose range/,
    );
  });
});
