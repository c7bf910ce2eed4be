import { describe, expect, it } from "vitest";
import { errorOf, followUp, next, odds, type Req, requestAfter, resolve, ship, shipAfter } from "./fixtures.ts";

const fleet = (flag: Record<string, unknown> = {}) => [
  ship("royal-james", "english", { rating: 1, hull: "stout", firstBroadsideUsed: true }),
  ship("de-zeven-provincien", "dutch", { flagship: true, ...flag }),
  ship("eendracht", "dutch"),
  ship("ruyter-escort", "dutch", { squadron: "zeeland" }),
];
const fireAt = (hitsNeeded: number[], flag: Record<string, unknown> = {}, settings?: unknown): [Req, number[]] => [
  { ships: fleet(flag), settings, action: { type: "broadside", firer: "royal-james", target: "de-zeven-provincien", rangeInches: 2 } },
  [...hitsNeeded, ...Array(9 - hitsNeeded.length).fill(1)],
];

describe("sole-bay-1672 flagships and Risk to Flag Officer", () => {
  it("a flagship's drop (Fresh → Worn) brings a Risk to Flag Officer roll", () => {
    const t = resolve(...fireAt([6, 6, 6, 6]));
    expect(shipAfter(t, "de-zeven-provincien").condition).toBe("worn");
    expect(followUp(t, "flag-officer-risk")).toMatchObject({
      kind: "roll",
      action: { type: "flag-officer-risk", ship: "de-zeven-provincien", rolls: 1, cause: "broadside" },
    });
  });
  it("no drop, no risk; a drop of a ship without the flag, no risk", () => {
    expect(resolve(...fireAt([6, 6, 6])).followUps).toEqual([]);
    const [req, dice] = fireAt([6, 6, 6, 6]);
    expect(resolve({ ...req, action: { ...req.action, target: "eendracht" } }, dice).followUps).toEqual([]);
  });
  it("two levels lost: two risk rolls, one after the other (one with flagRiskPerLevel false)", () => {
    const t = resolve(...fireAt([6, 6, 6, 6, 6, 6, 6, 6]));
    expect(followUp(t, "flag-officer-risk").action.rolls).toBe(2);
    const t2 = next(t, "flag-officer-risk", [3, 4]);
    expect(t2.outcome).toEqual({ ship: "de-zeven-provincien", killed: false, rollsLeft: 1, fate: "survives" });
    const t3 = next(t2, "flag-officer-risk", [1, 1]);
    expect(t3.outcome.fate).toBe("killed");
    expect(shipAfter(t3, "de-zeven-provincien").flagOfficer).toBe("killed");
    expect(followUp(resolve(...fireAt([6, 6, 6, 6, 6, 6, 6, 6], {}, { flagRiskPerLevel: false })), "flag-officer-risk").action.rolls).toBe(
      1,
    );
  });
  it("killed on a '2' only: 1 in 36", () => {
    const req: Req = { ships: fleet(), action: { type: "flag-officer-risk", ship: "de-zeven-provincien" } };
    expect(odds(req).odds.summary.pKilled).toBeCloseTo(1 / 36, 12);
    expect(resolve(req, [1, 2]).outcome.killed).toBe(false);
    expect(resolve(req, [1, 1]).events).toEqual([{ type: "flag-officer-killed", ship: "de-zeven-provincien" }]);
  });
  it("Death Dice: a double skull kills; with the skull on the 6 face a double 6 kills and a double 1 does not", () => {
    const req: Req = {
      ships: fleet(),
      settings: { deathDice: true, deathDiceSkullFace: 6 },
      action: { type: "flag-officer-risk", ship: "de-zeven-provincien" },
    };
    expect(resolve(req, [6, 6]).outcome.killed).toBe(true);
    expect(resolve(req, [1, 1]).outcome.killed).toBe(false);
    expect(odds(req).odds.summary.pKilled).toBeCloseTo(1 / 36, 12);
  });
  it("he automatically retires if he survives his flagship being destroyed: a choice of another ship of the division", () => {
    const t = resolve(...fireAt(Array(9).fill(6), { damage: 8 }));
    expect(shipAfter(t, "de-zeven-provincien").destroyed).toBe(true);
    const risk = followUp(t, "flag-officer-risk");
    expect(risk.action).toMatchObject({ rolls: 2 }); // Damaged → Heavily Damaged → destroyed
    const t2 = next(next(t, "flag-officer-risk", [4, 4]), "flag-officer-risk", [2, 5]);
    expect(t2.outcome.fate).toBe("retires");
    const choose = followUp(t2, "flag-officer-retire");
    if (choose.kind !== "choose") throw new Error("expected a choice");
    expect(choose.choice).toMatchObject({ field: "to", min: 1, max: 1, options: [{ value: "eendracht", label: "Eendracht" }] });
    expect(errorOf(requestAfter(t2, choose.action))).toMatchObject({ code: "rules.illegal", path: "action.to" });
    expect(errorOf(requestAfter(t2, { ...choose.action, to: "ruyter-escort" }))).toMatchObject({
      code: "rules.illegal",
      path: "action.to",
    });
    const t3 = next(t2, "flag-officer-retire", [], { to: "eendracht" });
    expect(t3.events).toEqual([{ type: "flag-officer-retired", from: "de-zeven-provincien", to: "eendracht" }]);
    expect(shipAfter(t3, "eendracht")).toMatchObject({ flagship: true, flagOfficer: "present" });
    expect(shipAfter(t3, "de-zeven-provincien")).toMatchObject({ flagship: false, flagOfficer: "none" });
  });
  it("with no ship of his division left he stays with the prize (and counts as lost for the breakpoint)", () => {
    const req: Req = {
      ships: [ship("wreck", "dutch", { flagship: true, damage: 16 }), ship("other", "english")],
      action: { type: "flag-officer-risk", ship: "wreck" },
    };
    const t = resolve(req, [3, 3]);
    expect(t.outcome.fate).toBe("stays-with-prize");
    expect(t.followUps).toEqual([]);
  });
  it("a flagship destroyed by boarding: he is captured if he survives the risk", () => {
    const req: Req = {
      ships: fleet({ damage: 16 }),
      action: { type: "flag-officer-risk", ship: "de-zeven-provincien", cause: "boarding" },
    };
    const t = resolve(req, [5, 5]);
    expect(t.outcome.fate).toBe("captured");
    expect(shipAfter(t, "de-zeven-provincien").flagOfficer).toBe("captured");
  });
  it("a ship without the flag officer cannot roll for him", () => {
    expect(errorOf({ ships: fleet(), action: { type: "flag-officer-risk", ship: "eendracht" } })).toMatchObject({
      code: "rules.illegal",
      path: "action.ship",
    });
  });
});
