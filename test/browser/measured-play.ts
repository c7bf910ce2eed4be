/**
 * What the table measured is what the rules play (issue 37 items 2 and 3), in a real browser against the real host
 * (`--scenario <id>`), from the table's devices only: ships moved on the emulated table (`/api/sim/move`), their
 * bases tapped on the emulated readers, the button box pressed, the emulated dice rolled. An in-range shot never asks
 * for a field that was measured, and is resolved by its dice; a target moved out of range, then tapped, is refused
 * in words with the measured figure before any question or die — the pad and a die change nothing. Screenshots of
 * the refusal at 1920×1080, 1280×800, 1024×600 and 390×844 go to test-artifacts/. One file per rule set
 * (measured-<id>.test.ts), so the lane's workers share them out.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorFits } from "../../host/public/lib/table.js";
import type { TableView } from "../../host/server/view-schema.ts";
import { devicesUp, type OpenDisplay, openDisplay, until } from "./harness.ts";
import { screenshot, smallText } from "./page-checks.ts";

const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts");
const WAIT = { timeout: 20_000, interval: 50 };

/** A rule set's firing ships and how its refusal reads at 1400 mm (beyond every rule set's reach on a 6 × 4 ft table). */
export interface MeasuredCase {
  readonly scenario: string;
  readonly firer: string;
  readonly target: string;
  /** The firing action's type: taps set it up only in the phases that play it (issue 38 item 3). */
  readonly fire: string;
  readonly refused: RegExp;
}

export function describeMeasured(c: MeasuredCase): void {
  describe(`${c.scenario}: what the table measured is what the rules play`, { timeout: 120_000 }, () => {
    let t: OpenDisplay;
    let display: Page;
    const state = () => t.state();
    const sim = (what: string, body: unknown) => t.post(`/api/sim/${what}`, body);
    /**
     * A press of the button box. Presses of one button closer than its debounce (50 ms) are contact bounce, and the
     * host judges that as it reads the report: under load, presses sent 120 ms apart were read closer than 50 ms.
     * So presses are 300 ms apart, as pad-press.ts's are (some presses here change nothing, so no state wait).
     */
    let lastPress = 0;
    const press = async (command: string) => {
      const wait = lastPress + 300 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastPress = Date.now();
      await sim("press", { command });
      await new Promise((r) => setTimeout(r, 120));
    };
    const tagOf = async (ship: string) => (await state()).ships.find((s) => s.id === ship)?.tags[0];
    const tapBoth = async () => {
      await sim("tap", { reader: "reader-1", uid: await tagOf(c.firer) });
      await sim("lift", { reader: "reader-1" });
      await sim("tap", { reader: "reader-2", uid: await tagOf(c.target) });
      await sim("lift", { reader: "reader-2" });
    };
    /**
     * Both ships tapped in a phase whose taps set up the firing action: the button box's Next phase walks there
     * (Age of Sail's fire removal and Quickfire's movement set up something else, or nothing, from a tap).
     */
    const tapToFire = async () => {
      for (let i = 0; i < 16; i++) {
        const before = (await state()).version;
        await tapBoth();
        const s = await until(state, (x) => x.version > before);
        await new Promise((r) => setTimeout(r, 150));
        if ((await state()).pending?.type === c.fire) return;
        if (s.pending?.type === c.fire) return;
        await press("cancel");
        const v = (await state()).version;
        await press("next-phase");
        await until(state, (x) => x.version > v);
      }
      throw new Error(`${c.scenario}: no phase sets up ${c.fire} from a tap`);
    };
    /** The firer near the table's north edge heading north, the target abeam to starboard, `gap` mm side to side. */
    const place = async (gap: number) => {
      const at = (s: TableView, id: string) => s.table?.ships.find((p) => p.id === id);
      await sim("move", { ship: c.firer, x: 150, y: 1050, heading: 0 });
      await sim("move", { ship: c.target, x: 150 + 25 + gap, y: 1050, heading: 0 });
      await until(state, (s) => at(s, c.firer)?.x === 150 && at(s, c.target)?.x === 150 + 25 + gap);
    };
    const shown = async () => {
      const v = (await state()).version;
      await expect.poll(async () => Number(await display.locator("body").getAttribute("data-version")), WAIT).toBeGreaterThanOrEqual(v);
    };

    beforeAll(async () => {
      t = await openDisplay({
        args: ["--scenario", c.scenario],
        ready: (s) => devicesUp(12)(s) && (s.table?.ships.length ?? 0) === s.ships.length,
      });
      display = t.display;
      display.on("pageerror", (e) => console.log(`${c.scenario} display pageerror:`, e.message));
      mkdirSync(ARTIFACTS, { recursive: true });
    }, 90_000);

    afterAll(async () => {
      await t?.close();
    });

    it("an in-range shot: measured, never asked; the choices the rules still want from the pad; resolved by its dice", async () => {
      await place(60);
      await tapToFire();
      let s = await until(state, (x) => (x.pending?.measured?.fields.length ?? 0) > 0 && x.pending?.action.target === c.target);
      const measured = () => (s.pending?.measured?.fields ?? []).map((f) => f.name);
      const asksMeasured = (x: TableView) => {
        const p = x.pending;
        const fields = (p?.fields ?? []) as unknown as readonly { name: string; label: string }[];
        const labels = fields.filter((f) => measured().includes(f.name)).map((f) => f.label.toLowerCase());
        return measured().includes(p?.choosing?.name ?? "") || labels.some((l) => (p?.instruction ?? "").toLowerCase().includes(l));
      };
      expect(s.pending?.error ?? null).toBeNull();
      // a choice no position can give (Quickfire's gunnery rating, Age of Sail's aim): Next choice, Confirm
      for (let i = 0; i < 4 && s.pending?.choosing && !s.pending.plan?.length; i++) {
        expect(asksMeasured(s), `${c.scenario} asks ${s.pending.choosing.name}`).toBe(false);
        await press("next-choice");
        await press("confirm");
        s = await state();
      }
      s = await until(state, (x) => (x.pending?.needed ?? 0) > 0);
      expect(asksMeasured(s), `${c.scenario}: "${s.pending?.instruction}"`).toBe(false);
      await shown();
      expect(await display.locator("#pad-choice").count()).toBe(0);
      expect(await display.locator("#measured").textContent()).toContain(s.pending?.measured?.fields[0]?.label);
      await screenshot(display, join(ARTIFACTS, `measured-${c.scenario}-in-range-1920.png`));
      // the emulated dice: each entry of the plan by a die of its colour
      const p = s.pending;
      const dice = s.devices.filter((d) => d.kind === "die" && d.connected);
      let n = 0;
      for (const [i, e] of (p?.plan ?? []).entries()) {
        const fit = dice.filter((d) => colorFits(d.color ? [d.color] : [], e, p?.plan ?? []));
        for (let k = (p?.dice ?? []).filter((d) => d.entry === i).length; k < e.count; k++)
          await sim("roll", { die: fit[k % fit.length]?.id, face: (n++ % 6) + 1 });
      }
      const after = await until(state, (x) => x.history.length > s.history.length);
      expect(after.last?.action).toMatchObject({ firer: c.firer, target: c.target });
      await shown();
      // nothing measured is asked over the result either
      expect(asksMeasured(await state())).toBe(false);
      expect(await display.locator("#pad-choice").count()).toBe(0);
    });

    it("a target moved out of range, then tapped: refused in words with the measured figure, no question, no dice", async () => {
      // whatever the rules demand after the result (damage, a critical hit …) is skipped
      for (let i = 0; i < 8; i++) {
        const x = await state();
        if (x.followUps.length === 0 && x.pending?.origin !== "follow-up") break;
        await press("cancel");
        await until(state, (y) => y.version > x.version);
      }
      await place(1400);
      // the last target is still shown after the result: a first tap on the firer would set her up firing at the
      // firer, so the firer is tapped once more to stand alone (as test/browser/table-map.test.ts does), then both
      await sim("tap", { reader: "reader-2", uid: await tagOf(c.firer) });
      await sim("lift", { reader: "reader-2" });
      await tapBoth();
      const refused = display.locator("#instruction");
      await expect.poll(() => refused.textContent(), WAIT).toMatch(c.refused);
      const s = await state();
      expect(s.pending?.plan).toBeNull();
      expect(s.pending?.choosing ?? null).toBeNull();
      expect(s.pending?.measured?.refusal).toMatch(c.refused);
      expect(await display.locator("#pad-choice").count()).toBe(0);
      expect(await display.locator("#odds, .odds").count()).toBe(0);
      // the pad has nothing to choose and Confirm nothing to resolve; a die rolled is not taken
      const records = s.history.length;
      await press("next-choice");
      await press("confirm");
      await sim("roll", { die: "pixel-1", face: 6 });
      await new Promise((r) => setTimeout(r, 300));
      const after = await state();
      expect(after.history.length).toBe(records);
      expect(after.pending?.plan).toBeNull();
      expect(after.pending?.instruction).toMatch(c.refused);
      await shown();
      for (const [width, height] of [
        [1920, 1080],
        [1280, 800],
        [1024, 600],
        [390, 844],
      ] as const) {
        await display.setViewportSize({ width, height });
        await display.waitForTimeout(150);
        await expect.poll(() => refused.textContent(), WAIT).toMatch(c.refused);
        if (width >= 1280) expect(await smallText(display, width === 1920 ? 24 : 18)).toEqual([]);
        await screenshot(display, join(ARTIFACTS, `measured-${c.scenario}-refused-${width}.png`), { fullPage: width < 600 });
      }
      await display.setViewportSize({ width: 1920, height: 1080 });
    });
  });
}
