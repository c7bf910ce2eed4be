/**
 * The table state on the wire matches its schema (host/server/view-schema.ts) for every bundled scenario: at the
 * start, with a ship shown, and after a resolved roll.
 */
import { readdirSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { SCENARIO_DIR } from "../../../host/config/scenario.ts";
import { serializeView } from "../../../host/server/routes/live.ts";
import { type TableView, TableViewSchema } from "../../../host/server/view-schema.ts";
import { tableView } from "../../../host/session/view.ts";
import { demoDice, demoSetup, openSession } from "../helpers.ts";

const scenarios = readdirSync(SCENARIO_DIR)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => f.replace(/\.yaml$/, ""));

/** What is wrong with a view: its schema's complaints, and anything its serialiser (the wire's one) would drop or change. */
const problems = (v: unknown) => {
  const errors = [...Value.Errors(TableViewSchema, v)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
  if (errors.length > 0) return errors;
  const written = JSON.parse(serializeView(v as TableView));
  return isDeepStrictEqual(written, v) ? [] : ["the serialiser does not write the view as it is"];
};

const MORE: Record<string, (a: string, b: string) => Record<string, unknown>> = {
  quickfire: (firer, target) => ({ type: "gunnery", firer, target, battery: "heavy", range: "short", arc: "broadside" }),
  "age-of-sail": () => ({ type: "wind" }),
};

describe("the table state's schema", () => {
  it.each(scenarios)("%s: at the start, with a ship shown, and after a resolved roll", (name) => {
    const f = openSession(demoSetup(name));
    const view = () =>
      JSON.parse(JSON.stringify(tableView(f.session, { devices: demoDice, dial: null, sim: true }, { theme: "dark", scale: 1 })));
    expect(problems(view())).toEqual([]);
    // the roll that waits at the start (initiative, wind), typed in; else the table's firing action from two taps
    const typeIn = () => {
      const plan = f.session.draftStatus()?.plan;
      if (plan?.length)
        f.session.send({ type: "dice", values: plan.flatMap((e) => Array.from({ length: e.count }, () => (e.die === "dave" ? 3 : 2))) });
    };
    typeIn();
    const ships = f.session.state.ships;
    const [a, b] = [ships[0]?.id, ships.find((x) => x.side !== ships[0]?.side)?.id];
    if (a) f.session.send({ type: "tap", ship: a });
    expect(problems(view())).toEqual([]);
    if (b) f.session.send({ type: "tap", ship: b });
    typeIn();
    // what two taps cannot say (battery and range; Age of Sail's first roll is the end-of-round wind)
    const more = MORE[name];
    if (f.session.records.length === 0 && more) {
      f.session.send({ type: "cancel" });
      expect(f.session.send({ type: "start", action: more(a ?? "", b ?? "") }).ok).toBe(true);
      typeIn();
    }
    expect(f.session.records.length, "a roll was resolved").toBeGreaterThan(0);
    expect(problems(view())).toEqual([]);
  });
});

describe("odds summaries on the wire", () => {
  it("are typed figures: a Sole Bay broadside's expected hits a mean (never a percentage), its dice a count", () => {
    const f = openSession(demoSetup("sole-bay-1672"));
    f.session.send({ type: "cancel" }); // the initiative roll waiting at the start
    const started = f.session.send({
      type: "start",
      action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 12 },
    });
    expect(started.ok).toBe(true);
    const view = JSON.parse(
      JSON.stringify(tableView(f.session, { devices: demoDice, dial: null, sim: true }, { theme: "dark", scale: 1 })),
    );
    expect(problems(view)).toEqual([]);
    const figures = view.pending.odds.summary as { label: string; kind: string; value: number }[];
    const raw = f.session.draftStatus()?.odds?.summary as { dice: number; expectedHits: number; pConditionDrops: number };
    expect(figures).toContainEqual({ label: "Dice rolled", kind: "count", value: raw.dice, unit: "dice" });
    expect(figures).toContainEqual({ label: "Hits to expect", kind: "mean", value: raw.expectedHits, unit: "hits" });
    expect(figures).toContainEqual({ label: "Gouda loses a condition", kind: "probability", value: raw.pConditionDrops });
    // the schema is exact: an open summary object, or a probability above 1, is not a table state
    const withSummary = (summary: unknown) => ({ ...view, pending: { ...view.pending, odds: { ...view.pending.odds, summary } } });
    expect(problems(withSummary(raw))).not.toEqual([]);
    expect(problems(withSummary([{ label: "Hits to expect", kind: "probability", value: 2.5 }]))).not.toEqual([]);
  });

  it("an action without dice shows no odds (its one outcome is certain): no chart of one 100% bar", () => {
    const f = openSession(demoSetup("sole-bay-1672"));
    f.session.send({ type: "cancel" }); // the initiative roll waiting at the start
    expect(f.session.send({ type: "edit", actionType: "set-wind", values: { windward: "S" } }).ok).toBe(true);
    const view = JSON.parse(
      JSON.stringify(tableView(f.session, { devices: demoDice, dial: null, sim: true }, { theme: "dark", scale: 1 })),
    );
    expect(problems(view)).toEqual([]);
    expect(view.pending.type).toBe("set-wind");
    expect(view.pending.plan).toEqual([]);
    expect(view.pending.odds).toBeNull();
  });

  it("reads a game kept before 2026-12-08, whose reach is one hull (`polygon`), as one piece", () => {
    const f = openSession(demoSetup("sole-bay-1672"));
    const polygon: [number, number][] = [
      [0, 0],
      [100, 0],
      [0, 100],
    ];
    const kept = { starts: {}, moving: null, done: [], judged: null, reach: { ship: "henry", polygon } };
    (f.session.work as { moves?: unknown }).moves = kept;
    const view = tableView(f.session, { devices: demoDice, dial: null, sim: true }, { theme: "dark", scale: 1 });
    expect(view.reach).toEqual({ ship: "henry", polygons: [polygon] });
    expect(problems(JSON.parse(JSON.stringify(view)))).toEqual([]);
  });
});
