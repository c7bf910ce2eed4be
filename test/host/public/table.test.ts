import { describe, expect, it } from "vitest";
import { diceTrouble, onlyShown, padHas, phaseGroups, phaseView } from "../../../host/public/lib/table.js";
import type { TableView } from "../../../host/server/view-schema.ts";

const die = (id: string, color: string, connected = true) => ({ id, kind: "die", color, connected });

/** A table state with just the parts these helpers read. */
function table(over: Record<string, unknown>): TableView {
  return {
    ruleset: { phases: ["wind", "initiative", "movement"], actions: [] },
    phase: { index: 1, name: "initiative" },
    devices: [{ id: "ble", kind: "adapter", connected: true }, die("pixel-1", "white"), die("pixel-5", "black")],
    bindings: [],
    focus: null,
    pending: null,
    ...over,
  } as unknown as TableView;
}

const rolling = (plan: unknown[], extra: Record<string, unknown> = {}) => ({
  origin: "table",
  mode: "electronic",
  needed: 2,
  plan,
  dice: [],
  fields: [],
  action: {},
  ...extra,
});

describe("reading the table state for the pages", () => {
  it("says where the game is: phase n of the rule set's order, each name starting with a capital", () => {
    expect(phaseView(table({}))).toMatchObject({ order: ["Wind", "Initiative", "Movement"], index: 1, name: "Initiative", count: 3 });
    expect(phaseView(table({})).groups).toEqual([
      { label: null, phases: [{ name: "Wind", index: 0 }], now: false },
      { label: null, phases: [{ name: "Initiative", index: 1 }], now: true },
      { label: null, phases: [{ name: "Movement", index: 2 }], now: false },
    ]);
  });

  it("groups phases in a row under their shared prefix (a side's phases), so a long turn fits the header", () => {
    const aos = ["FR: fire removal", "FR: move", "FR: combat", "EN: fire removal", "EN: move", "EN: combat", "End of round: wind"];
    const groups = phaseGroups(aos, 1);
    expect(groups.map((g) => [g.label, g.phases.map((p) => `${p.index} ${p.name}`), g.now])).toEqual([
      ["FR", ["0 fire removal", "1 move", "2 combat"], true],
      ["EN", ["3 fire removal", "4 move", "5 combat"], false],
      // a prefix heading one phase alone is part of its name
      [null, ["6 End of round: wind"], false],
    ]);
    expect(phaseGroups(["Movement", "Repair: fires, repairs, sinking"], 1).map((g) => g.phases[0]?.name)).toEqual([
      "Movement",
      "Repair: fires, repairs, sinking",
    ]);
  });

  it("is quiet when the dice can come", () => {
    expect(diceTrouble(table({ pending: rolling([{ role: "wind", die: "d6", count: 2, color: null }]) }))).toBeNull();
  });

  it("is loud, with the remedy, when no die of the colour the roll needs is connected (WS&IM's red die)", () => {
    const wsim = [
      { role: "fire", die: "d6", count: 1, color: "normal" },
      { role: "critical", die: "d6", count: 1, color: "red" },
    ];
    const t = diceTrouble(table({ pending: rolling(wsim) }));
    // the white and black dice serve as the normal die (any die not red); none is red
    expect(t?.title).toBe("No connected die can roll the red d6 this roll needs.");
    expect(t?.remedy).toMatch(/Type the dice on the control page.*Roll for me.*bind a die/);
  });

  it("counts a die bound to the colour, and not a die bound to another role", () => {
    const plan = [{ role: "fire", die: "d6", count: 1, color: "red" }];
    expect(diceTrouble(table({ pending: rolling(plan), bindings: [{ die: "pixel-1", colors: ["red"], roles: [] }] }))).toBeNull();
    expect(diceTrouble(table({ pending: rolling(plan), bindings: [{ die: "pixel-1", colors: ["red"], roles: ["wind"] }] }))).not.toBeNull();
  });

  it("names missing Bluetooth when the adapter is down and no die is connected", () => {
    const t = diceTrouble(
      table({
        pending: rolling([{ role: "wind", die: "d6", count: 2, color: null }]),
        devices: [{ id: "ble", kind: "adapter", connected: false }, die("pixel-1", "white", false)],
      }),
    );
    expect(t?.title).toBe("No Bluetooth: no dice are connected.");
  });

  it("is quiet when the roller types or rolls in software", () => {
    const t = table({ pending: rolling([{ role: "fire", die: "d6", count: 1, color: "normal" }], { mode: "manual" }) });
    expect(diceTrouble(t)).toBeNull();
  });

  it("treats a single tap as showing the ship, and a second ship as starting the action", () => {
    const fields = [
      { name: "firer", label: "Firer", type: "ship" },
      { name: "target", label: "Target", type: "ship" },
    ];
    const one = rolling([], { fields, action: { firer: "a" } });
    expect(onlyShown(table({ pending: one, focus: { ship: { id: "a" } } }))).toBe(true);
    const two = rolling([], { fields, action: { firer: "a", target: "b" } });
    expect(onlyShown(table({ pending: two, focus: { ship: { id: "b" } } }))).toBe(false);
  });

  it("knows whether a connected pad has a button for a command", () => {
    const pad = (connected: boolean, commands?: string[]) => ({ id: "pad", kind: "pad", connected, ...(commands ? { commands } : {}) });
    const devices = (d: unknown[]) => ({ devices: d }) as unknown as TableView;
    expect(padHas(devices([pad(true, ["confirm", "next-choice"])]), "next-choice")).toBe(true);
    expect(padHas(devices([pad(false, ["next-choice"])]), "next-choice")).toBe(false);
    expect(padHas(devices([pad(true, ["confirm"])]), "next-choice")).toBe(false);
    expect(padHas(devices([pad(true)]), "next-choice")).toBe(false);
  });
});
