import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import { checkProperties, errorOf, mustResolve, oddsFor } from "../request-helpers.ts";

const wind = (direction: string, speed: number, dice: number[]) =>
  mustResolve(ageOfSail, { wind: { direction, speed }, action: { type: "wind" }, dice });

describe("age-of-sail wind", () => {
  it("starts at speed 4", () => {
    const s = ageOfSail.parseState({});
    expect(s.ok && s.value.wind.speed).toBe(4);
  });
  it("direction die: 1 anticlockwise, 2–5 none, 6 clockwise", () => {
    expect(wind("S", 4, [1, 3]).state.wind.direction).toBe("SE");
    expect(wind("S", 4, [5, 3]).state.wind.direction).toBe("S");
    expect(wind("S", 4, [6, 3]).state.wind.direction).toBe("SW");
    expect(wind("N", 4, [1, 3]).state.wind.direction).toBe("NW");
  });
  it("speed die: 1 down, 2–5 none, 6 up, clamped to 1–7", () => {
    expect(wind("S", 4, [3, 1]).state.wind.speed).toBe(3);
    expect(wind("S", 4, [3, 2]).state.wind.speed).toBe(4);
    expect(wind("S", 4, [3, 6]).state.wind.speed).toBe(5);
    expect(wind("S", 7, [3, 6]).state.wind.speed).toBe(7);
    expect(wind("S", 1, [3, 1]).state.wind.speed).toBe(1);
  });
  it("the wind roll ends the round", () => expect(wind("S", 4, [3, 3]).state.game.round).toBe(2));
  it("odds: the direction stays with 4/6, each way 1/6", () => {
    const s = oddsFor(ageOfSail, { wind: { direction: "S", speed: 4 }, action: { type: "wind" } }).summary as {
      direction: Record<string, number>;
      speed: Record<string, number>;
    };
    expect(s.direction.SE).toBeCloseTo(1 / 6, 12);
    expect(s.direction.S).toBeCloseTo(4 / 6, 12);
    expect(s.direction.SW).toBeCloseTo(1 / 6, 12);
    expect(s.speed["5"]).toBeCloseTo(1 / 6, 12);
  });
  it("windView: blowing to S comes from N (0°)", () => {
    const s = ageOfSail.parseState({ wind: { direction: "S", speed: 4 } });
    if (!s.ok) throw new Error();
    expect(ageOfSail.windView(s.value)).toEqual({
      system: "compass8",
      fromDegrees: 0,
      label: "Wind from N, speed 4",
      strength: "speed 4",
    });
  });
  it("set-wind needs no dice; a bad direction names the field", () => {
    expect(mustResolve(ageOfSail, { action: { type: "set-wind", direction: "W", speed: 6 } }).state.wind).toEqual({
      direction: "W",
      speed: 6,
    });
    expect(errorOf(ageOfSail, { action: { type: "set-wind", direction: "NNE" } }).path).toBe("action.direction");
    expect(errorOf(ageOfSail, { wind: { direction: "S", speed: 8 }, action: { type: "wind" }, dice: [1, 1] }).path).toBe("wind.speed");
  });
});

describe("age-of-sail sequence", () => {
  it("dice for who moves first; a tie rolls again", () => {
    const t = mustResolve(ageOfSail, { action: { type: "initiative", sideA: "GB", sideB: "FR" }, dice: [2, 5] });
    expect(t.state.game.firstSide).toBe("FR");
    const tie = mustResolve(ageOfSail, { action: { type: "initiative", sideA: "GB", sideB: "FR" }, dice: [4, 4] });
    expect(tie.followUps[0]).toMatchObject({ kind: "roll", action: { type: "initiative" } });
  });
  it("phases follow the text: fire removal, separation, refloat, sinking check, move, combat, for each player, then the wind", () => {
    expect(ageOfSail.phases).toEqual([
      "player 1: fire removal",
      "player 1: separate entangled ships",
      "player 1: refloat",
      "player 1: sinking check",
      "player 1: move",
      "player 1: combat",
      "player 2: fire removal",
      "player 2: separate entangled ships",
      "player 2: refloat",
      "player 2: sinking check",
      "player 2: move",
      "player 2: combat",
      "end of round: wind",
    ]);
    const t = mustResolve(ageOfSail, { game: { phase: 5 }, action: { type: "advance" } });
    expect(t.state.game).toMatchObject({ phase: 6, player: 2 });
  });
});

describe("age-of-sail properties", () => {
  const pair = [
    { id: "a", name: "A", side: "GB", class: "ship-of-the-line" },
    { id: "b", name: "B", side: "FR", class: "frigate", fire: 2 },
  ];
  it("fire: odds sum to 1 and every resolved outcome has p > 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom("hull", "sails"),
        fc.constantFrom("port", "starboard", "stern", "bow"),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
        (rangeCm, aim, side, dice) =>
          checkProperties(ageOfSail, { ships: pair, action: { type: "fire", firer: "a", target: "b", rangeCm, aim, side }, dice }),
      ),
      { numRuns: 60 },
    );
  });
  it("every other dice action: odds sum to 1 and each resolved outcome has p > 0", () => {
    const cases: Array<[Record<string, unknown>, number[]]> = [
      [{ type: "wind" }, [1, 6]],
      [{ type: "shoal", ship: "a" }, [2]],
      [{ type: "fire-removal", ship: "b" }, [5]],
      [{ type: "board", attacker: "a", defender: "b" }, [1, 2, 3, 4, 5, 6, 6, 6, 6, 6]],
      [{ type: "catch-fire", ship: "a", from: "b", rangeCm: 7 }, [4]],
      [{ type: "initiative", sideA: "GB", sideB: "FR" }, [3, 3]],
    ];
    for (const [action, dice] of cases) checkProperties(ageOfSail, { ships: pair, action, dice });
  });
});
