/**
 * Issue 43 item 6, the camera in the loop: Sole Bay's movement phase is open on the demo table, and chromium's fake
 * camera plays a video rendered at test time (the demo's twelve ships under a camera at 1920×1080, as camera.test.ts
 * renders it) in which Henry sails 2.5″ ahead. /camera detects her in its worker and sends her position; with no tap,
 * the table takes it as her move: measured within 2 mm of the rendered truth, judged by Sole Bay's rules in words, and
 * logged as an entry of the game when the next phase is asked for (the pad's button, not a tap).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_SHIP_ID } from "../../devices/camera/markers.ts";
import { loadOpenCv } from "../../devices/camera/opencv-node.ts";
import { tagCells } from "../../devices/testing/camera/cells.ts";
import { referenceMarkers, type Scene, type SceneMarker } from "../../devices/testing/camera/scene.ts";
import { writeMovingVideo } from "../../devices/testing/camera/video.ts";
import type { TableView } from "../../host/server/view-schema.ts";
import { demoSetup } from "../host/helpers.ts";
import { fakeCameraArgs } from "./chromium-args.ts";
import { call, freshDataDir, type HostProcess, launchChromium, startHost, until } from "./harness.ts";

const setup = demoSetup();
const AREA = { width: 1830, height: 1220 };
const IN = 25.4;
let host: HostProcess;
let browser: BrowserContext;
let camera: Page;

const state = async () => (await call(`${host.url}/api/state`)).json as TableView;

// the demo's ships where the scenario starts them, their markers by roster order; Henry (medium, her bow to the
// windward edge: 3″ this move) sails 2.5″ ahead, east
const layout = (setup.table?.start ?? {}) as Record<string, { x: number; y: number; heading: number }>;
const ships = setup.start.ships.map((s, i) => ({
  ship: String(s.id),
  marker: FIRST_SHIP_ID + i,
  ...(layout[String(s.id)] ?? { x: 0, y: 0, heading: 0 }),
}));
const START = layout.henry ?? { x: 0, y: 0, heading: 0 };
const TRUTH = { x: START.x + 2.5 * IN, y: START.y, heading: START.heading };
const final = ships.map((s) => (s.ship === "henry" ? { ...s, ...TRUTH } : s));
const marker = (s: { marker: number; x: number; y: number; heading: number }): SceneMarker => ({
  id: s.marker,
  x: s.x,
  y: s.y,
  heading: s.heading,
  size: 50,
});

/** The table under the camera (the scene camera.test.ts renders: an off-centre lens, blur, noise, uneven light). */
function videoScene(): Scene {
  return {
    area: AREA,
    markers: [...referenceMarkers(AREA, 60), ...ships.map(marker)],
    camera: {
      width: 1920,
      height: 1080,
      position: { x: 960, y: 480, z: 1650 },
      target: { x: 915, y: 610 },
      roll: 1.5,
      k1: -0.08,
      k2: 0.01,
      fill: 0.9,
    },
    blur: 0.7,
    noise: 3,
    light: { level: 0.85, gradient: 0.15, angle: 40, vignette: 0.15 },
    covers: [],
    seed: 11,
  };
}

beforeAll(async () => {
  const { cv } = await loadOpenCv();
  const video = join(mkdtempSync(join(tmpdir(), "qd-move-video-")), "table.y4m");
  // still at the start long enough for the page to see every ship where she stands, then the move, then still
  writeMovingVideo(video, { scene: videoScene(), to: final.map(marker), moving: 4, still: 40, fps: 2 }, tagCells(cv));
  host = await startHost(freshDataDir());
  await until(state, (s) => s.devices.filter((d) => d.connected).length >= 12 && (s.table?.ships.length ?? 0) === 12);
  browser = await launchChromium(fakeCameraArgs(video));
  camera = await browser.newPage();
  camera.on("pageerror", (e) => console.log("camera pageerror:", e.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe("a move seen by the camera", { timeout: 240_000 }, () => {
  it("is measured within 2 mm of the rendered truth, judged, and logged with no tap", async () => {
    expect((await call(`${host.url}/api/phase/next`, "POST", {})).status).toBe(200);
    expect((await state()).phase.name).toBe("Movement / Collisions");
    await camera.goto(`${host.url}/camera`);
    const seen = await until(
      state,
      (s) => {
        const end = s.move?.path.at(-1);
        return s.move?.ship === "henry" && end !== undefined && Math.hypot(end.x - TRUTH.x, end.y - TRUTH.y) <= 2;
      },
      150_000,
    );
    await camera.close(); // the video loops: Henry must not sail back to where she began
    const move = seen.move;
    if (!move) throw new Error("no move");
    const end = move.path.at(-1) ?? { x: 0, y: 0 };
    console.log(`move: ${move.words} — end ${Math.hypot(end.x - TRUTH.x, end.y - TRUTH.y).toFixed(2)} mm from the truth`);
    expect(Math.abs(move.distance - 2.5)).toBeLessThanOrEqual(2 / IN + 0.05);
    expect(move).toMatchObject({ ship: "henry", unit: "in", allowance: 3, legal: true, turns: [] });
    expect(move.words).toMatch(/^Henry moved 2\.[45]″ of her 3″, no turn/);
    expect(seen.focus).toBeNull();

    // the next phase, from the button box: her move is logged first
    expect((await call(`${host.url}/api/sim/press`, "POST", { command: "next-phase" })).status).toBe(200);
    const logged = await until(state, (s) => s.history.some((h) => h.description.startsWith("Henry moved")), 15_000);
    const entry = logged.history.find((h) => h.description.startsWith("Henry moved"));
    expect(entry?.description).toBe(move.words);
  });
});
