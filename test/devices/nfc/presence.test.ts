import { describe, expect, it } from "vitest";
import { normaliseUid, PresenceTracker } from "../../../devices/nfc/presence.ts";

describe("PresenceTracker", () => {
  it("one arrival however long the tag is seen, one departure after the debounce", () => {
    const t = new PresenceTracker("r", 500);
    expect(t.seen("AA", 0)).toEqual([{ type: "tag.arrived", readerId: "r", uid: "AA", at: 0 }]);
    for (let ms = 100; ms <= 10_000; ms += 100) expect(t.seen("AA", ms)).toEqual([]);
    expect(t.check(10_400)).toEqual([]);
    expect(t.check(10_500)).toEqual([{ type: "tag.left", readerId: "r", uid: "AA", at: 10_500 }]);
    expect(t.check(20_000)).toEqual([]);
  });

  it("a missed poll shorter than the debounce is not a departure", () => {
    const t = new PresenceTracker("r", 500);
    t.seen("AA", 0);
    expect(t.check(300)).toEqual([]);
    expect(t.seen("AA", 400)).toEqual([]);
  });

  it("a different tag replaces the first: left then arrived", () => {
    const t = new PresenceTracker("r", 500);
    t.seen("AA", 0);
    expect(t.seen("BB", 100, "ship-2").map((e) => `${e.type} ${e.uid}`)).toEqual(["tag.left AA", "tag.arrived BB"]);
  });

  it("carries the NDEF text on the arrival", () => {
    expect(new PresenceTracker("r", 1).seen("AA", 5, "ship-07")[0]).toMatchObject({ text: "ship-07" });
  });

  it("normalises UIDs", () => {
    expect(normaliseUid("04 a2:3b-5c")).toBe("04A23B5C");
    expect(normaliseUid("0004567890")).toBe("0004567890");
    expect(normaliseUid("xyz")).toBeNull();
    // the table file's tags go through the same normaliser: one separator at a time, hex only, bounded
    expect(normaliseUid(" 04:A1:B2 ")).toBe("04A1B2");
    expect(normaliseUid("ZZ-not-hex")).toBeNull();
    expect(normaliseUid("04::A1")).toBeNull();
    expect(normaliseUid("")).toBeNull();
    expect(normaliseUid("0".repeat(65))).toBeNull();
  });
});
