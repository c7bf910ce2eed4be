/**
 * The demo's rendered camera (`GET /api/sim/camera-frame`, docs/camera.md "On the demo"): the frame of the emulated
 * table is measured by `camera measure`'s own code (the markers found, then placed in table mm) and every ship of the
 * game is where the emulated table has her, within ±2 mm; a frame is rendered again only when a ship moved; a table
 * with real devices has no such route.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MarkerFinder } from "../../../devices/camera/find-markers.ts";
import { decodeGreyImage } from "../../../devices/camera/image-file.ts";
import { measureMarkers } from "../../../devices/camera/measure.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll as until } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
const setup = demoSetup();
let app: FastifyInstance;
let table: TableRuntime;

beforeAll(async () => {
  const composed = await composeTable({ setup, dbFile: join(tempDir(), "game.sqlite"), logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: "t".repeat(20) });
  await until(
    () => table.view().table?.ships.length,
    (n) => n === setup.start.ships.length,
  );
});
afterAll(async () => {
  await app.close();
  await table.close();
});

const frame = (query = "", headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/api/sim/camera-frame${query}`, headers });

/** The markers measured in a PNG frame, as `quarterdeck camera measure` measures a file. */
async function measure(png: Buffer) {
  const read = await decodeGreyImage(png);
  if (!read.ok) throw new Error(read.reason);
  const image = read.image;
  const { cv } = await loadOpenCv();
  const detector = await openCvDetector(cv);
  const { markers } = await new MarkerFinder(detector).find(image).finally(() => detector.close());
  const area = table.camera().area;
  const m = measureMarkers(markers, {
    area,
    width: image.width,
    height: image.height,
    ...(detector.cells ? { refine: { image, cells: detector.cells } } : {}),
  });
  if (!m.ok) throw new Error(m.message);
  return m.markers;
}

describe("the demo's rendered camera frame", { timeout: 60_000 }, () => {
  it("shows every ship of the game where the emulated table has her (within ±2 mm and 1°), re-rendered only after a move", async () => {
    expect(
      (await app.inject({ method: "POST", url: "/api/sim/move", payload: { ship: "gouda", x: 400, y: 300, heading: 75 } })).statusCode,
    ).toBe(200);
    const first = await frame("?width=1280&height=720");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    const measured = await measure(first.rawPayload);
    const byMarker = new Map(table.camera().ships.map((s) => [s.marker, s.ship]));
    const models = new Map((table.view().table?.ships ?? []).map((s) => [s.id, s]));
    expect(measured.length).toBe(setup.start.ships.length);
    let worst = 0;
    for (const p of measured) {
      const ship = models.get(byMarker.get(p.id) ?? "");
      if (ship) worst = Math.max(worst, Math.hypot(p.x - ship.x, p.y - ship.y));
      expect(ship, `marker ${p.id}`).toBeDefined();
      if (!ship) continue;
      expect(Math.hypot(p.x - ship.x, p.y - ship.y), `${ship.id}: ${p.x}, ${p.y}`).toBeLessThan(2);
      expect(Math.abs(((p.heading - ship.heading + 540) % 360) - 180), ship.id).toBeLessThan(1);
    }
    console.log(`rendered frame: ${measured.length} ships, worst ${worst.toFixed(2)} mm`);
    // nothing moved: the same frame (or a 304 for the page that has it)
    const etag = String(first.headers.etag);
    const again = await frame("?width=1280&height=720");
    expect(again.headers.etag).toBe(etag);
    expect((await frame("?width=1280&height=720", { "if-none-match": etag })).statusCode).toBe(304);
    // a ship moved: a new frame, showing her where she went
    await app.inject({ method: "POST", url: "/api/sim/move", payload: { ship: "gouda", x: 1500, y: 1000, heading: 200 } });
    const moved = await frame("?width=1280&height=720", { "if-none-match": etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    const gouda = (await measure(moved.rawPayload)).find((p) => byMarker.get(p.id) === "gouda");
    expect(Math.hypot((gouda?.x ?? 0) - 1500, (gouda?.y ?? 0) - 1000)).toBeLessThan(2);
  });

  it("bounds the frame's size", async () => {
    expect((await frame("?width=4000&height=720")).statusCode).toBe(400);
    expect((await frame("?width=100&height=100")).statusCode).toBe(400);
    expect((await frame("?width=abc")).statusCode).toBe(400);
  });
});

describe("a table with real devices", { timeout: 30_000 }, () => {
  it("has no rendered camera frame", async () => {
    const composed = await composeTable({
      setup: { ...demoSetup(), devices: { positions: {} } },
      dbFile: join(tempDir(), "real.sqlite"),
      logger,
      sim: false,
    });
    if (!composed.ok) throw new Error(composed.error.message);
    const real = await buildApp({ table: composed.value, logger, token: "t".repeat(20) });
    try {
      expect((await real.inject({ method: "GET", url: "/api/sim/camera-frame" })).statusCode).toBe(404);
    } finally {
      await real.close();
      await composed.value.close();
    }
  });
});
