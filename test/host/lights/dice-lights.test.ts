/**
 * The host's side of dice that answer back, without devices: which dice the table waits for (they glow), and the
 * order of each die's lights (a glowing die is put out before its result; a result has its time before the next
 * light; a low battery blinks once until the die is charged again; nothing when the table switches lights off).
 */
import { describe, expect, it } from "vitest";
import type { DeviceHealth, DieLight } from "../../../devices/readings.ts";
import { DiceLights, LOW_BATTERY_PERCENT } from "../../../host/dice-lights.ts";
import { awaitedDice } from "../../../host/session/awaited-dice.ts";
import { gather, type Roll } from "../../../host/session/dice-gather.ts";
import type { DraftStatus } from "../../../host/session/draft.ts";
import type { PlacedDie, ResolvedRecord } from "../../../host/store/records.ts";
import { entry } from "../../../src/dice/plan.ts";
import { demoDice } from "../helpers.ts";

const quickfire = [entry("rof", "d6", 1, "rate of fire", "black"), entry("gunnery", "d6", 2, "gunnery", "white")];
const rolled = (dieId: string, colors: string[], side?: string): Roll => ({
  from: { source: "die", dieId, family: "pixels", dieKind: "d6", face: 3, at: 0 },
  colors,
  roles: [],
  ...(side ? { side } : {}),
});
/** The part of a draft's status the dice's lights read. */
const status = (rolls: Roll[], roller = "japan", plan = quickfire) =>
  ({ plan, gathered: gather(plan, rolls), mode: "electronic", roller, instruction: "roll" }) as unknown as DraftStatus;
const only = (...ids: string[]) => demoDice.map((d) => (ids.includes(d.id) ? d : { ...d, connected: false }));

describe("the dice the table waits for", () => {
  it("the black and two white dice at hand, when they are all the roll needs; a die rolled is no longer awaited", () => {
    expect(awaitedDice(status([]), only("pixel-1", "pixel-2", "pixel-5"), [])).toEqual(["pixel-1", "pixel-2", "pixel-5"]);
    expect(awaitedDice(status([rolled("pixel-5", ["black"])]), only("pixel-1", "pixel-2", "pixel-5"), [])).toEqual(["pixel-1", "pixel-2"]);
  });

  it("no die is singled out when more could serve than are needed, or when nothing waits for dice", () => {
    expect(awaitedDice(status([]), demoDice, [])).toEqual([]); // four white dice for two white slots
    expect(awaitedDice(null, demoDice, [])).toEqual([]);
    const done = status([rolled("pixel-5", ["black"]), rolled("pixel-1", ["white"]), rolled("pixel-2", ["white"])]);
    expect(awaitedDice(done, only("pixel-1", "pixel-2", "pixel-5"), [])).toEqual([]);
  });

  it("a die bound to the other side, or of the wrong colour, is not awaited; a bound die of the roller's side is", () => {
    const bindings = [
      { die: "pixel-1", side: "russia" },
      { die: "pixel-2", side: "japan", colors: ["white"] },
    ];
    expect(awaitedDice(status([]), only("pixel-1", "pixel-2", "pixel-6"), bindings)).toEqual(["pixel-2"]);
  });
});

const placed = (dieId: string, mark?: "hit" | "miss"): PlacedDie => ({
  entry: 0,
  value: 3,
  from: { source: "die", dieId, family: "pixels", dieKind: "d6", face: 3, at: 0 },
  color: null,
  ...(mark ? { mark } : {}),
});
const record = (dice: PlacedDie[]) => ({ dice }) as unknown as ResolvedRecord;

function rig(enabled = true, canShow = (_id: string) => true) {
  const shown: Array<[string, DieLight]> = [];
  const waits: number[] = [];
  const lights = new DiceLights({
    show: async (id, light) => {
      if (!canShow(id)) return false;
      shown.push([id, light]);
      return true;
    },
    enabled: () => enabled,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { lights, shown, waits };
}

describe("each die's lights, in order", () => {
  it("glow, then off and the result as the rules marked it (counted when unmarked); typed dice show nothing", async () => {
    const { lights, shown, waits } = rig();
    lights.awaiting(["a", "b"]);
    lights.awaiting(["a", "b"]); // no change: nothing sent again
    const typed = { entry: 0, value: 4, from: { source: "manual", value: 4, at: 0 }, color: null } as const;
    lights.resolved(record([placed("a", "hit"), placed("b", "miss"), placed("c"), typed]));
    lights.awaiting([]);
    await lights.settled();
    const of = (id: string) => shown.filter(([d]) => d === id).map(([, l]) => l);
    expect(of("a")).toEqual(["glow", "off", "hit"]);
    expect(of("b")).toEqual(["glow", "off", "miss"]);
    expect(of("c")).toEqual(["counted"]);
    expect(waits.sort()).toEqual([1500, 1500, 800]);
  });

  it("a die no longer awaited is put out; closing puts out the glowing ones", async () => {
    const { lights, shown } = rig();
    lights.awaiting(["a", "b"]);
    lights.awaiting(["b"]);
    await lights.close();
    lights.awaiting(["a"]); // closed: nothing more
    await lights.settled();
    expect(shown).toEqual([
      ["a", "glow"],
      ["b", "glow"],
      ["a", "off"],
      ["b", "off"],
    ]);
  });

  it("a low battery blinks once, again only after the die was charged; a die not connected yet is tried again", async () => {
    let linked = false;
    const { lights, shown } = rig(true, () => linked);
    const die = (battery: number, connected = true): DeviceHealth[] => [{ ...(demoDice[0] as DeviceHealth), battery, connected }];
    lights.health(die(LOW_BATTERY_PERCENT)); // the link is not up: not shown
    await lights.settled();
    linked = true;
    lights.health(die(LOW_BATTERY_PERCENT));
    lights.health(die(LOW_BATTERY_PERCENT - 1));
    lights.health(die(LOW_BATTERY_PERCENT + 3)); // not charged enough to warn again
    lights.health(die(LOW_BATTERY_PERCENT));
    await lights.settled();
    expect(shown).toEqual([["pixel-1", "low-battery"]]);
    lights.health(die(80));
    lights.health(die(10, false)); // not connected: later
    lights.health(die(10));
    await lights.settled();
    expect(shown).toEqual([
      ["pixel-1", "low-battery"],
      ["pixel-1", "low-battery"],
    ]);
  });

  it("switched off: no glow, no result, no battery blink", async () => {
    const { lights, shown } = rig(false);
    lights.awaiting(["a"]);
    lights.resolved(record([placed("a", "hit")]));
    lights.health([{ ...(demoDice[0] as DeviceHealth), battery: 5 }]);
    await lights.settled();
    expect(shown).toEqual([]);
  });
});
