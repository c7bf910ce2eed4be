/**
 * Sole Bay: "Burning ships take fire damage and fireships roll for explosion" — prompted when the table leaves the
 * movement phase, so a table that moves its models by hand (no movement action entered) still rolls them.
 */
import { describe, expect, it } from "vitest";
import { demoSetup, openSession } from "../helpers.ts";

describe("leaving a phase that ends with rolls", () => {
  const base = demoSetup();
  const start = base.start as { ships: Array<Record<string, unknown>> };
  const burning = start.ships[0]?.id as string;
  const setup = { ...base, start: { ...start, ships: start.ships.map((s, i) => (i === 0 ? { ...s, fireTurns: 1 } : s)) } };

  it("Initiative → Movement prompts nothing; Movement → Broadsides queues the fire damage of a ship nobody moved", () => {
    const { session } = openSession(setup);
    expect(session.send({ type: "next-phase" }).ok).toBe(true);
    expect(session.work.phase).toBe(1);
    expect(session.work.followUps).toEqual([]);
    expect(session.send({ type: "next-phase" }).ok).toBe(true);
    expect(session.work.phase).toBe(2);
    expect(session.work.followUps.map((f) => f.action)).toEqual([{ type: "fire-damage", ship: burning }]);
    expect(session.draftStatus()?.action).toMatchObject({ type: "fire-damage", ship: burning });
  });
  it("a roll still owed when the phase ends is asked for first: next-phase says so and nothing moves", () => {
    const { session } = openSession(setup);
    session.send({ type: "next-phase" });
    session.send({ type: "next-phase" });
    const r = session.send({ type: "next-phase" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^First: .*Cancel skips it/);
    expect(session.work.phase).toBe(2);
    expect(session.work.followUps).toHaveLength(1);
  });
});
