/**
 * Issue 15: the causes of silently lost rolls the soak found, one test each (fake timers, no timing asserted).
 * - A GoDice just connected: its first roll whose `R` was lost was taken for the die's answer to init (a time
 *   window from init ran on after the die showed as connected); a garbled message then was taken for the garbled
 *   answer to the battery request. Setup now waits for the die's first answer, and the window ends with setup.
 * - A Pixels whose every report of a roll came garbled, landing on the face it showed before: the answer to the
 *   request that followed looked like the last roll repeated. A RollState arriving garbled unasked is a change.
 * - Stopping the dice while a Pixels is being set up ends that setup at once instead of leaving its 10 s wait.
 */
import { describe, expect, it, vi } from "vitest";
import type { DieRollLost } from "../../../devices/readings.ts";
import { advance, fakeTimersPerTest, rig } from "./rig.ts";

const stopAfterTest = fakeTimersPerTest();

async function table(opts: Parameters<typeof rig>[0], before?: (r: Awaited<ReturnType<typeof rig>>) => void) {
  const r = await rig(opts);
  stopAfterTest(() => r.source.stop());
  const lost: DieRollLost[] = [];
  r.source.onReading((x) => {
    if (x.type === "die.roll-lost") lost.push(x);
  });
  before?.(r);
  await r.source.start();
  return { ...r, lost };
}

/** Advances in small steps until the die shows as connected. */
async function untilConnected(t: Awaited<ReturnType<typeof table>>, id: string): Promise<void> {
  for (let i = 0; i < 500 && !t.health(id)?.connected; i++) await advance(5);
  expect(t.health(id)?.connected).toBe(true);
}

describe("GoDice just connected", () => {
  it("the first roll, its `R` lost, is a roll — not the answer to init", async () => {
    const t = await table({ godice: [{ id: "g1", color: "blue" }] });
    await untilConnected(t, "g1");
    const die = t.godice("g1");
    die.faults.set({ dropNext: 1 });
    die.roll(4);
    await advance(100);
    expect(t.readings.map((r) => r.face)).toEqual([4]);
  });

  it("a garbled message once connected may have been a roll: with no `S` after it, the roll is announced", async () => {
    const t = await table({ godice: [{ id: "g1", color: "blue" }] });
    await untilConnected(t, "g1");
    const die = t.godice("g1");
    die.faults.set({ corruptNext: 1 });
    die.startRoll();
    await advance(1);
    die.faults.set({ dropNext: 1 });
    die.land(6);
    await advance(5_000);
    expect(t.readings).toEqual([]);
    expect(t.lost).toEqual([expect.objectContaining({ dieId: "g1", color: "blue" })]);
  });

  it("its battery answer lost at connect, a roll at once whose `R` is lost and whose `S` comes garbled is announced, never lost silently (issue 27)", async () => {
    const t = await table({ godice: [{ id: "g1", color: "blue" }] }, (r) => r.godice("g1").faults.set({ dropNext: 1 }));
    await untilConnected(t, "g1");
    const die = t.godice("g1");
    die.faults.set({ dropNext: 1 }); // the `R`
    die.startRoll();
    await advance(1);
    die.faults.set({ corruptNext: 1 }); // the `S`, within 2 s of the colour request still unanswered
    die.land(5);
    await advance(5_000);
    expect(t.readings).toEqual([]);
    expect(t.lost).toEqual([expect.objectContaining({ dieId: "g1", color: "blue" })]);
  });

  it("a die that answers init with where it lies: that answer is not a roll, the next roll is", async () => {
    const t = await table({ godice: [{ id: "g1" }] }, (r) => {
      const die = r.godice("g1") as unknown as { onWrite(uuid: string, bytes: Uint8Array): void; land(face: number): void };
      const onWrite = die.onWrite.bind(die);
      die.onWrite = (uuid, bytes) => {
        if (bytes[0] === 0x19) die.land(2); // an `S` with no `R`, before the battery answer
        onWrite(uuid, bytes);
      };
    });
    await untilConnected(t, "g1");
    await advance(100);
    expect(t.readings).toEqual([]);
    const die = t.godice("g1");
    die.faults.set({ dropNext: 1 });
    die.roll(5);
    await advance(100);
    expect(t.readings.map((r) => r.face)).toEqual([5]);
  });

  it("battery and colour answers both lost: the die still connects, after the bound", async () => {
    const t = await table({ godice: [{ id: "g1" }] }, (r) => r.godice("g1").faults.set({ dropNext: 2 }));
    await untilConnected(t, "g1");
    t.godice("g1").roll(3);
    await advance(100);
    expect(t.readings.map((r) => r.face)).toEqual([3]);
  });
});

describe("Pixels: a roll seen only garbled", () => {
  it("lands on the face it showed before: the RollStates that came garbled unasked make the answer a new roll", async () => {
    const t = await table({ pixels: [{ id: "p1", kind: "d6" }] });
    await untilConnected(t, "p1");
    await advance(2_500); // past the answer window of the connect's request
    const die = t.pixels("p1");
    die.roll(3);
    await advance(3_600); // over a second after the heartbeat's last answer (every 5 s from connect)
    die.faults.set({ corruptNext: 4 }); // three `rolling` and the `rolled`
    die.roll(3);
    await advance(3_000); // the die is asked again; it answers `rolled` on 3
    expect(t.readings.map((r) => r.face)).toEqual([3, 3]);
    expect(t.lost).toEqual([]);
  });

  it("lands on the face it showed before while a heartbeat's answer is lost: cut `rolling` reports make it a roll (issue 27)", async () => {
    const t = await table({ pixels: [{ id: "p1", kind: "d6" }] });
    await untilConnected(t, "p1");
    await advance(2_500);
    const die = t.pixels("p1");
    die.roll(3);
    await advance(2_400); // just before the heartbeat (every 5 s from connect)
    die.faults.set({ dropNext: 1 }); // the heartbeat's answer
    await advance(200);
    die.faults.set({ corruptNext: 3 }); // the three `rolling`, inside the answer window
    die.roll(3);
    await advance(3_000);
    expect(t.readings.map((r) => r.face)).toEqual([3, 3]);
    expect(t.lost).toEqual([]);
  });

  it("an answer that comes garbled is not taken for a change: no roll is made up", async () => {
    const t = await table({ pixels: [{ id: "p1", kind: "d6" }] });
    await untilConnected(t, "p1");
    await advance(2_500);
    const die = t.pixels("p1");
    die.roll(2);
    await advance(100);
    die.faults.set({ corruptNext: 1 }); // the next heartbeat's answer
    await advance(12_000); // heartbeats ask; the garbled answer is asked again
    expect(t.readings.map((r) => r.face)).toEqual([2]);
  });
});

describe("stopping during setup", () => {
  it("a Pixels waiting for its IAmADie: stop ends the wait, no timer of the dice is left", async () => {
    const t = await table({ pixels: [{ id: "p1", kind: "d6" }] }, (r) => {
      const die = r.pixels("p1") as unknown as { onWrite(uuid: string, bytes: Uint8Array): void };
      const onWrite = die.onWrite.bind(die);
      die.onWrite = (uuid, bytes) => {
        if (bytes[0] !== 0x01) onWrite(uuid, bytes); // WhoAreYou goes unanswered
      };
    });
    for (let i = 0; i < 500 && t.health("p1")?.status !== "connecting"; i++) await advance(5);
    await advance(100); // connected at the radio, waiting for an IAmADie that never comes
    expect(t.health("p1")).toMatchObject({ status: "connecting", connected: false });
    await t.source.stop();
    stopAfterTest(null);
    await advance(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
