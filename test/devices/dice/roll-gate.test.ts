import { describe, expect, it } from "vitest";
import { type DieObservation, RollGate } from "../../../devices/dice/roll-gate.ts";

const n = (state: DieObservation["state"], face: number | null = null): DieObservation => ({ state, face, via: "notify" });
const sync = (state: DieObservation["state"], face: number | null = null): DieObservation => ({ state, face, via: "sync" });

describe("RollGate: one physical roll = one decision", () => {
  it("rolling then rolled is one roll; the resent rolled is a duplicate", () => {
    const g = new RollGate();
    expect(g.observe(n("rolling", 3))).toEqual({ kind: "none", why: "in-motion" });
    expect(g.observe(n("rolled", 6))).toEqual({ kind: "roll", face: 6 });
    expect(g.observe(n("rolled", 6))).toEqual({ kind: "none", why: "duplicate" });
  });
  it("two rolls on the same face, with the rolling reports between, are two rolls", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.observe(n("rolled", 4));
    g.observe(n("rolling"));
    expect(g.observe(n("rolled", 4))).toEqual({ kind: "roll", face: 4 });
  });
  it("a pick-up (handling, onFace) is never a roll", () => {
    const g = new RollGate();
    g.observe(n("rolled", 2));
    expect(g.observe(n("handling", 2)).kind).toBe("none");
    expect(g.observe(n("onFace", 5)).kind).toBe("none");
  });
  it("crooked asks for a re-roll once", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    expect(g.observe(n("crooked", 3))).toEqual({ kind: "crooked" });
    expect(g.observe(n("crooked", 3))).toEqual({ kind: "none", why: "duplicate" });
  });
  it("the first resync or advert is a baseline, not a roll", () => {
    expect(new RollGate().observe(sync("rolled", 5))).toEqual({ kind: "none", why: "baseline" });
    expect(new RollGate().observe({ state: "rolled", face: 5, via: "advert" })).toEqual({ kind: "none", why: "baseline" });
  });
  it("disconnect mid-roll, then rolled in the resync: reported once", () => {
    const g = new RollGate();
    g.observe(sync("onFace", 1));
    g.observe(n("rolling"));
    g.linkLost();
    expect(g.observe(sync("rolled", 1))).toEqual({ kind: "roll", face: 1 });
    expect(g.observe(n("rolled", 1)).kind).toBe("none");
  });
  it("disconnect mid-roll, then anything but rolled in the resync: lost, once", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.linkLost();
    expect(g.observe(sync("onFace", 3))).toEqual({ kind: "lost" });
    expect(g.observe(n("onFace", 3)).kind).toBe("none");
  });
  it("the first report after a mid-roll drop settles it even when it is a notification, not the resync reply", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.linkLost();
    expect(g.observe(n("handling", 2))).toEqual({ kind: "lost" });
    const h = new RollGate();
    h.observe(n("rolling"));
    h.linkLost();
    expect(h.observe(n("rolling"))).toEqual({ kind: "none", why: "in-motion" });
    expect(h.observe(n("rolled", 5))).toEqual({ kind: "roll", face: 5 });
  });

  it("after a reconnect the old result in the resync is not counted again", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.observe(n("rolled", 6));
    g.linkLost();
    expect(g.observe(sync("rolled", 6))).toEqual({ kind: "none", why: "duplicate" });
  });
  it("a roll made while disconnected shows in the resync (new face) and counts once", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.observe(n("rolled", 6));
    g.linkLost();
    expect(g.observe(sync("rolled", 2))).toEqual({ kind: "roll", face: 2 });
  });
  it("GoDice: no resync, a roll under way at the drop is lost", () => {
    const g = new RollGate();
    g.observe(n("rolling"));
    g.linkLost();
    expect(g.linkRestoredWithoutSync()).toEqual({ kind: "lost" });
    expect(g.linkRestoredWithoutSync()).toEqual({ kind: "none", why: "not-a-roll" });
    g.observe(n("rolling"));
    expect(g.observe(n("rolled", 3))).toEqual({ kind: "roll", face: 3 });
  });
});
