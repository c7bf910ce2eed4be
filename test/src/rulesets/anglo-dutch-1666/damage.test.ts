import { describe, expect, it } from "vitest";
import { ANTELOPE, PELICAN } from "../../../../src/rulesets/anglo-dutch-1666/cards.ts";
import {
  cardRows,
  effectiveHandling,
  fireByStep,
  stepCount,
  stepEffect,
  stepsLostAt,
} from "../../../../src/rulesets/anglo-dutch-1666/damage.ts";
import { settingsOf } from "../../../../src/rulesets/anglo-dutch-1666/settings.ts";
import { antelope, pelican, rs, table } from "./helpers.ts";

const defaults = settingsOf({});

describe("damage steps (text: Damage effects)", () => {
  it("¼ for 40+ guns, ⅓ for 30–39, ½ below 30", () => {
    expect([stepCount(106), stepCount(40), stepCount(39), stepCount(30), stepCount(29), stepCount(10)]).toEqual([4, 4, 3, 3, 2, 2]);
  });
  it("Antelope's card: rows 6, 5, 6, 5 of her 22 hull points; fire 4 / 3 / 2 / 1", () => {
    expect(cardRows(ANTELOPE.hullPoints, ANTELOPE.guns)).toEqual([6, 5, 6, 5]);
    expect(fireByStep({ ...ANTELOPE, fireByStep: undefined }, defaults)).toEqual([4, 3, 2, 1]);
    expect([5, 6, 10, 11, 16, 17, 21, 22].map((d) => stepsLostAt(22, 52, d))).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
  });
  it("Pelican's card: rows 4, 4, 4 of her 12; fire 1½ / 1 / ½", () => {
    expect(cardRows(PELICAN.hullPoints, PELICAN.guns)).toEqual([4, 4, 4]);
    expect(fireByStep({ ...PELICAN, fireByStep: undefined }, defaults)).toEqual([1.5, 1, 0.5]);
  });
  it("fire points between halves round down by default, or to the nearest half", () => {
    expect(fireByStep({ guns: 60, firePoints: 5 }, defaults)).toEqual([5, 3.5, 2.5, 1]);
    expect(fireByStep({ guns: 60, firePoints: 5 }, settingsOf({ firePointRounding: "nearest" }))).toEqual([5, 4, 2.5, 1.5]);
  });
  it("movement and handling by step: 40+ guns", () => {
    expect([0, 1, 2, 3, 4].map((k) => stepEffect(52, k).move)).toEqual(["none", "minus-1", "only-1", "disabled", "sunk"]);
    expect([0, 1, 2].map((k) => stepEffect(52, k).loseFastHandy)).toEqual([false, false, true]);
  });
  it("30–39 guns: ⅓ −1, ⅔ −2 and lose F and H (Pelican: '-2, H F')", () => {
    expect([0, 1, 2, 3].map((k) => stepEffect(36, k).move)).toEqual(["none", "minus-1", "only-1", "sunk"]);
    expect(effectiveHandling({ guns: 36, handling: "fast-handy", fireshipLit: false }, 1)).toEqual({
      fast: true,
      handy: true,
      unhandy: false,
    });
    expect(effectiveHandling({ guns: 36, handling: "fast-handy", fireshipLit: false }, 2)).toEqual({
      fast: false,
      handy: false,
      unhandy: false,
    });
  });
  it("below 30 guns: ½ −1 and lose F / H", () => {
    expect([0, 1, 2].map((k) => stepEffect(20, k))).toEqual([
      { move: "none", loseFastHandy: false },
      { move: "minus-1", loseFastHandy: true },
      { move: "sunk", loseFastHandy: true },
    ]);
  });
  it("the ship view draws the card: a row of boxes a step, fire points per step as facts", () => {
    const s = table([antelope({ damage: 7 }), pelican()]);
    const [a, p] = rs.shipViews(s);
    expect(a?.tracks).toEqual([
      { label: "fire 4", boxes: 6, marked: 6 },
      { label: "fire 3", boxes: 5, marked: 1 },
      { label: "fire 2", boxes: 6, marked: 0 },
      { label: "fire 1", boxes: 5, marked: 0 },
    ]);
    expect(a?.facts).toContainEqual({ label: "fire points by step", value: "4 / 3 / 2 / 1" });
    expect(a?.facts).toContainEqual({ label: "fire points now", value: "3" });
    expect(a?.facts).toContainEqual({ label: "movement", value: "-1" });
    expect(a?.facts).toContainEqual({ label: "movement by step", value: "-1 / -2 / disabled / sunk!" });
    expect(p?.facts).toContainEqual({ label: "movement by step", value: "-1 / -2 / sunk!" });
    expect(p?.facts).toContainEqual({ label: "fire points by step", value: "1½ / 1 / ½" });
    expect(p?.facts).toContainEqual({ label: "handling", value: "F H" });
    expect(a?.status).toEqual(["1 step lost"]);
  });
  it("status words from the same facts as the card's boxes: never 'undamaged' with a box crossed", () => {
    const words = (damage: number) => rs.shipViews(table([antelope({ damage })]))[0]?.status;
    expect(words(0)).toEqual(["undamaged"]);
    expect(words(3)).toEqual(["3 hull points lost"]);
    expect(words(1)).toEqual(["1 hull point lost"]);
    // the damage word is said beside the others (on fire, grappled), not only when nothing else is
    expect(rs.shipViews(table([antelope({ damage: 3, onFire: true })]))[0]?.status).toEqual(["3 hull points lost", "on fire"]);
  });
  it("bad ship input names where", () => {
    expect(rs.parseState({ ships: [antelope({ damage: 23 })] })).toMatchObject({ ok: false, error: { path: "ships[0].damage" } });
    expect(rs.parseState({ ships: [antelope({ fireByStep: [4, 3] })] })).toMatchObject({
      ok: false,
      error: { path: "ships[0].fireByStep" },
    });
    expect(rs.parseState({ ships: [antelope({ firePoints: 2.25 })] })).toMatchObject({ ok: false, error: { path: "ships[0].firePoints" } });
    expect(rs.parseState({ ships: [antelope({ colour: "red" })] })).toMatchObject({ ok: false, error: { path: "ships[0].colour" } });
    expect(rs.parseState({ ships: [antelope(), antelope()] })).toMatchObject({ ok: false, error: { path: "ships[1].id" } });
    expect(rs.parseState({ ships: [], settings: { weather: "yes" } })).toMatchObject({ ok: false, error: { path: "settings.weather" } });
  });
});
