/**
 * Issue 24 item 2: every die credited to its side. For every roll several sides make in the five rule sets, dice
 * bound to the sides land in the wrong order (the second side's first) and each is credited to its own side's slot;
 * a die that fits no open slot is refused with a sentence and nothing already rolled is lost; every die of the
 * result carries its label (side and source) in the view.
 */
import { describe, expect, it } from "vitest";
import type { TableSetup } from "../../../host/config/load.ts";
import type { TableSession } from "../../../host/session/table-session.ts";
import { tableView } from "../../../host/session/view.ts";
import { demoDice, demoSetup, openSession, roll } from "../helpers.ts";

interface Case {
  readonly ruleset: string;
  /** The roll type, as the rule set names it. */
  readonly type: string;
  /** Changes to the scenario's starting ships (squadrons named, ships grappled …). */
  readonly ships?: (ships: Record<string, unknown>[]) => void;
  /** Actions played first (typed dice), to reach a state where the roll is legal. */
  readonly before?: (s: TableSession) => void;
  /** The action to start; absent when `before` leaves it as the demanded roll. */
  readonly action?: Record<string, unknown>;
  /** What the result says when the side rolling first (the second in the plan) rolls high and the other low. */
  readonly says?: (second: string) => RegExp;
}

const ok = (r: { ok: boolean; error?: { message: string } }) => {
  if (!r.ok) throw new Error(r.error?.message);
};

const CASES: readonly Case[] = [
  { ruleset: "sole-bay-1672", type: "initiative", action: { type: "initiative" }, says: (side) => new RegExp(`${side} (has|wins)`) },
  {
    ruleset: "sole-bay-1672",
    type: "boarding-round",
    // the grapple demands the first round of the boarding action
    before: (s) => {
      ok(s.send({ type: "start", action: { type: "grapple", attacker: "edgar", defender: "oliphant" } }));
      ok(s.send({ type: "dice", values: [6] }));
    },
  },
  {
    ruleset: "anglo-dutch-1666",
    type: "initiative",
    ships: (ships) => {
      for (const s of ships) s.squadron = s.side === "English" ? "Red" : "Maas";
    },
    action: { type: "initiative" },
  },
  { ruleset: "anglo-dutch-1666", type: "grapple", action: { type: "grapple", attacker: "swiftsure", defender: "hollandia" } },
  {
    ruleset: "anglo-dutch-1666",
    type: "board",
    before: (s) => {
      ok(s.send({ type: "start", action: { type: "grapple", attacker: "swiftsure", defender: "hollandia" } }));
      ok(s.send({ type: "dice", values: [5, 2] }));
    },
    action: { type: "board", attacker: "swiftsure", defender: "hollandia" },
  },
  {
    ruleset: "anglo-dutch-1666",
    type: "separate",
    before: (s) => {
      ok(s.send({ type: "start", action: { type: "grapple", attacker: "swiftsure", defender: "hollandia" } }));
      ok(s.send({ type: "dice", values: [5, 2] }));
      ok(s.send({ type: "start", action: { type: "board", attacker: "swiftsure", defender: "hollandia" } }));
      ok(s.send({ type: "dice", values: [5, 5, 2, 2] }));
    },
    action: { type: "separate", ship: "swiftsure" },
  },
  {
    ruleset: "quickfire",
    type: "initiative",
    action: { type: "initiative", first: "Japan", second: "Russia" },
    says: (side) => new RegExp(side),
  },
  {
    ruleset: "age-of-sail",
    type: "initiative",
    action: { type: "initiative", sideA: "GB", sideB: "FR" },
    says: (side) => new RegExp(side),
  },
  { ruleset: "age-of-sail", type: "board", action: { type: "board", attacker: "victory", defender: "redoutable" } },
  {
    ruleset: "wsim-battle-v3",
    type: "melee",
    ships: (ships) => {
      const grappled = { victory: "redoutable", redoutable: "victory" } as Record<string, string>;
      for (const s of ships) {
        const other = grappled[String(s.id)];
        if (!other) continue;
        s.grappledWith = [other];
        s.crewSections = (s.crewSections as Record<string, unknown>[]).map((c, i) => (i === 0 ? { ...c, party: "OBP", formedTurn: 0 } : c));
      }
    },
    action: { type: "melee", ship: "victory", enemy: "redoutable", multiplierShip: 1, multiplierEnemy: 1 },
  },
];

function setupOf(c: Case): TableSetup {
  const setup = demoSetup(c.ruleset);
  if (!c.ships) return setup;
  const ships = structuredClone(setup.start.ships) as Record<string, unknown>[];
  c.ships(ships);
  return { ...setup, start: { ...setup.start, ships } };
}

/** The physical face rolled for the side rolling first (high) and the side rolling last (low). */
const HIGH = 6;
const LOW = 1;

describe("dice bound to sides, landing in any order", () => {
  for (const c of CASES) {
    it(`${c.ruleset} ${c.type}: each die is credited to its side's slot`, () => {
      const { session: s } = openSession(setupOf(c));
      c.before?.(s);
      if (c.action) ok(s.send({ type: "start", action: c.action }));
      const st = s.draftStatus();
      expect(st?.action.type).toBe(c.type);
      const plan = st?.plan ?? [];
      const sides = [...new Set(plan.map((e) => e.side))];
      expect(sides.length, JSON.stringify(plan)).toBeGreaterThanOrEqual(2);
      expect(sides.every((x) => typeof x === "string")).toBe(true);
      const [first, second] = sides as [string, string];
      const dieOf: Record<string, string> = { [first]: "pixel-1", [second]: "pixel-2" };
      ok(s.send({ type: "bind", binding: { die: "pixel-1", side: first } }));
      ok(s.send({ type: "bind", binding: { die: "pixel-2", side: second } }));
      const count = (side: string) => plan.filter((e) => e.side === side).reduce((n, e) => n + e.count, 0);

      // the second side's dice land first (high), then one more of theirs: refused, nothing lost
      for (let i = 0; i < count(second); i++) s.send({ type: "reading", reading: roll("pixel-2", HIGH) });
      const placed = s.draftStatus()?.gathered?.placed.length;
      expect(placed).toBe(count(second));
      s.send({ type: "reading", reading: roll("pixel-2", HIGH) });
      expect(s.notices.at(-1)?.text).toMatch(
        new RegExp(`^Pixels die 2 \\(6\\) not counted: it is the ${second} die; the roll is waiting for (the|\\w+) ${first} di(e|ce)\\.$`),
      );
      expect(s.draftStatus()?.gathered?.placed.length).toBe(placed);
      expect(s.records.length === 0 || s.records.at(-1)?.action.type !== c.type || c.before !== undefined).toBe(true);

      // then the first side's dice (low): the roll resolves with every die in its own side's slot
      const before = s.records.length;
      for (let i = 0; i < count(first); i++) s.send({ type: "reading", reading: roll("pixel-1", LOW) });
      expect(s.records.length).toBe(before + 1);
      const record = s.records.at(-1);
      expect(record?.action.type).toBe(c.type);
      const dice = record?.dice ?? [];
      expect(dice).toHaveLength(count(first) + count(second));
      for (const d of dice) {
        const side = record?.plan[d.entry]?.side as string;
        expect(d.side).toBe(side);
        expect(d.from).toMatchObject({ source: "die", dieId: dieOf[side], face: side === second ? HIGH : LOW });
      }
      if (c.says) expect(record?.description).toMatch(c.says(second));

      // the view labels every die of the result: its side and its source (the die by its name: family and number here)
      const nameOf = (id: string) => `Pixels die ${id.slice(-1)}`;
      const view = tableView(s, { devices: demoDice, dial: null, sim: true }, { scale: 1, theme: "dark" });
      for (const d of view.last?.dice ?? []) {
        const side = record?.plan[d.entry]?.side as string;
        expect(d.label).toMatchObject({ side, source: nameOf(dieOf[side] as string) });
        expect(d.label.text).toMatch(new RegExp(`^${side}( \\w+)? · ${nameOf(dieOf[side] as string)}$`));
      }
    });
  }
});

describe("dice that fit no open slot", () => {
  it("an unbound die fills the first open slot; the result gives the dice in the plan's order", () => {
    const { session: s } = openSession(demoSetup("sole-bay-1672"));
    ok(s.send({ type: "start", action: { type: "initiative" } }));
    ok(s.send({ type: "bind", binding: { die: "pixel-2", side: "Dutch" } }));
    s.send({ type: "reading", reading: roll("pixel-2", 6) });
    s.send({ type: "reading", reading: roll("pixel-3", 1) }); // unbound: the Allied slot, the only one open
    const record = s.records.at(-1);
    expect(record?.dice.map((d) => [d.side, d.value])).toEqual([
      ["Allied", 1],
      ["Dutch", 6],
    ]);
    expect(record?.description).toMatch(/Dutch/);
  });

  it("an unbound die that landed first gives way to a side's own die: each ends in a slot", () => {
    const { session: s } = openSession(demoSetup("sole-bay-1672"));
    ok(s.send({ type: "start", action: { type: "initiative" } }));
    ok(s.send({ type: "bind", binding: { die: "pixel-1", side: "Allied" } }));
    s.send({ type: "reading", reading: roll("pixel-3", 2) }); // unbound: the first open slot, Allied's
    expect(s.draftStatus()?.gathered?.placed.map((d) => d.side)).toEqual(["Allied"]);
    s.send({ type: "reading", reading: roll("pixel-1", 5) }); // Allied's own die: Allied's slot; the unbound die moves to the Dutch one
    const record = s.records.at(-1);
    expect(record?.dice.map((d) => [d.side, d.value, d.from.source === "die" ? d.from.dieId : ""])).toEqual([
      ["Allied", 5, "pixel-1"],
      ["Dutch", 2, "pixel-3"],
    ]);
    expect(record?.description).toMatch(/Allied/);
  });

  it("a die of a side the roll does not name is refused with a sentence, and the dice rolled are kept", () => {
    const { session: s } = openSession(demoSetup("sole-bay-1672"));
    ok(s.send({ type: "start", action: { type: "initiative", sides: ["Allied", "Dutch"] } }));
    ok(s.send({ type: "bind", binding: { die: "pixel-1", side: "Allied" } }));
    ok(s.send({ type: "bind", binding: { die: "pixel-2", side: "Dutch" } }));
    s.send({ type: "reading", reading: roll("pixel-1", 4) });
    s.send({ type: "reading", reading: roll("pixel-1", 5) });
    expect(s.notices.at(-1)?.text).toBe("Pixels die 1 (5) not counted: it is the Allied die; the roll is waiting for the Dutch die.");
    expect(s.draftStatus()?.gathered?.placed.map((d) => [d.side, d.value])).toEqual([["Allied", 4]]);
    ok(s.send({ type: "dice", values: [2] })); // typed for the slot still open: the Dutch one
    expect(s.records.at(-1)?.dice.map((d) => [d.side, d.value, d.from.source])).toEqual([
      ["Allied", 4, "die"],
      ["Dutch", 2, "manual"],
    ]);
  });
});

describe("what the display tells the sides to roll", () => {
  it("names each side's dice, and only those still open", () => {
    const { session: s } = openSession(demoSetup("sole-bay-1672"));
    ok(s.send({ type: "start", action: { type: "initiative" } }));
    expect(s.draftStatus()?.instruction).toBe("roll the Allied die and the Dutch die");
    ok(s.send({ type: "bind", binding: { die: "pixel-2", side: "Dutch" } }));
    s.send({ type: "reading", reading: roll("pixel-2", 3) });
    expect(s.draftStatus()?.instruction).toBe("roll the Allied die");
  });

  it("says how a side not on electronic dice gives its dice, by its own mode", () => {
    const { session: s } = openSession(demoSetup("sole-bay-1672"));
    ok(s.send({ type: "player", side: "Dutch", mode: "manual" }));
    ok(s.send({ type: "start", action: { type: "initiative" } }));
    expect(s.draftStatus()?.instruction).toBe("roll the Allied die and the Dutch die — Dutch: type it on the control page");
    ok(s.send({ type: "bind", binding: { die: "pixel-2", side: "Dutch" } }));
    s.send({ type: "reading", reading: roll("pixel-2", 6) });
    expect(s.notices.at(-1)?.text).toBe("Pixels die 2 (6) not counted: Dutch rolls typed dice.");
    s.send({ type: "reading", reading: roll("pixel-1", 3) }); // unbound, electronic: the Allied slot
    expect(s.draftStatus()?.instruction).toBe("roll the Dutch die — Dutch: type it on the control page");
    ok(s.send({ type: "dice", values: [5] }));
    expect(s.records.at(-1)?.dice.map((d) => [d.side, d.value, d.from.source])).toEqual([
      ["Allied", 3, "die"],
      ["Dutch", 5, "manual"],
    ]);
  });

  it("counts a side's dice and says their kind", () => {
    const { session: s } = openSession(demoSetup("anglo-dutch-1666"));
    ok(s.send({ type: "start", action: { type: "grapple", attacker: "swiftsure", defender: "hollandia" } }));
    ok(s.send({ type: "dice", values: [5, 2] }));
    ok(s.send({ type: "start", action: { type: "board", attacker: "swiftsure", defender: "hollandia" } }));
    expect(s.draftStatus()?.instruction).toBe("roll two English average dice and two Dutch average dice");
  });
});
