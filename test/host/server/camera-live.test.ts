/**
 * The /camera page's report on the live socket (docs/reference/camera.md): `camera.seen` markers become the open game's
 * ships by roster order through the positions feed; bounds are checked before anything is kept (an id, a number out
 * of range, too many markers, a stray field: refused whole, naming the field); a marker of no ship is said back; a
 * table without a positions source says so. `GET /api/camera` gives the area and the markers' ships. Issue 39 item 4: a
 * ship seen off the playing area (by more than her sighting's uncertainty) refuses the report; a sender as fast as
 * the socket goes reaches the displays at the pacer's rate, each ship at her latest.
 */
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMERA_REPORT_MS } from "../../../host/camera-pace.ts";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { LiveServerMessage } from "../../../host/server/schemas.ts";
import type { TableView } from "../../../host/server/view-schema.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
const opened: { app: FastifyInstance; table: TableRuntime }[] = [];

async function open(devices: Record<string, unknown>) {
  const composed = await composeTable({ setup: { ...demoSetup(), devices }, dbFile: join(tempDir(), "game.sqlite"), logger, sim: false });
  if (!composed.ok) throw new Error(composed.error.message);
  const app = await buildApp({ table: composed.value, logger, token: "test-token-0123456789abcdef" });
  opened.push({ app, table: composed.value });
  await app.ready();
  return { app, table: composed.value };
}

/** Sends each message on a live socket and gives back what came after the first state and display. */
async function exchange(app: FastifyInstance, sent: readonly string[]): Promise<Record<string, unknown>[]> {
  const got: Record<string, unknown>[] = [];
  const ws = await app.injectWS("/api/live", {}, { onInit: (s) => s.on("message", (d) => got.push(JSON.parse(String(d)))) });
  for (const m of sent) ws.send(m);
  await new Promise((r) => setTimeout(r, 150));
  ws.terminate();
  for (const m of got) expect(Value.Check(LiveServerMessage, m), JSON.stringify(m).slice(0, 100)).toBe(true);
  return got.filter((m) => m.type === "camera.reported" || m.type === "error");
}

let withCamera: Awaited<ReturnType<typeof open>>;
beforeAll(async () => {
  withCamera = await open({ positions: {} });
}, 30_000);
afterAll(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.table.close();
  }
});

const seen = (markers: unknown[]) => JSON.stringify({ type: "camera.seen", markers });

describe("camera.seen on the live socket", () => {
  it("gives the area and which marker is which ship, by roster order", async () => {
    const r = await withCamera.app.inject({ method: "GET", url: "/api/camera" });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { area: unknown; ships: { marker: number; ship: string; name: string }[] };
    expect(body.area).toEqual({ width: 1830, height: 1220 });
    expect(body.ships[0]).toEqual({ marker: 10, ship: "royal-prince", name: "Royal Prince" });
    expect(body.ships.find((s) => s.ship === "royal-james")?.marker).toBe(13);
  });

  it("puts the ships of the markers seen on the table, and says which markers are no ship", async () => {
    const replies = await exchange(withCamera.app, [
      seen([
        { id: 13, x: 950.04, y: 535.2, heading: 84.04, uncertainty: 0.4 },
        { id: 17, x: 1012, y: 688, heading: -84, uncertainty: 0.5 },
        { id: 99, x: 10, y: 10, heading: 0, uncertainty: 1 },
      ]),
    ]);
    expect(replies).toEqual([{ type: "camera.reported", reported: 2, unknown: [99] }]);
    const view = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    const rj = view.table?.ships.find((s) => s.id === "royal-james");
    expect(rj).toMatchObject({ x: 950, y: 535.2, heading: 84, uncertainty: 0.4, source: "camera", stale: false });
    expect(view.table?.ships.find((s) => s.id === "gouda")?.heading).toBe(276);
  });

  it("refuses a report out of bounds whole, naming the field, and keeps nothing of it", async () => {
    const before = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    const ok = { id: 10, x: 1, y: 1, heading: 0, uncertainty: 0 };
    const replies = await exchange(withCamera.app, [
      seen([ok, { ...ok, id: 3 }]),
      seen([ok, { ...ok, x: 1e9 }]),
      seen([{ ...ok, heading: "north" }]),
      seen([{ ...ok, extra: 1 }]),
      seen(Array.from({ length: 41 }, () => ok)),
      JSON.stringify({ type: "camera.seen" }),
    ]);
    expect(replies).toHaveLength(6);
    for (const r of replies) expect(r).toMatchObject({ type: "error", error: { code: "input.invalid", path: "message" } });
    const messages = replies.map((r) => String((r.error as { message: string } | undefined)?.message));
    expect(messages[0]).toMatch(/camera\.seen\.markers\.1\.id/);
    expect(messages[1]).toMatch(/markers\.1\.x/);
    const after = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    expect(after.table?.ships.find((s) => s.id === "royal-prince")).toEqual(before.table?.ships.find((s) => s.id === "royal-prince"));
  });

  it("on a table with no positions source, says how to add one", async () => {
    const none = await open({});
    const replies = await exchange(none.app, [seen([{ id: 13, x: 1, y: 1, heading: 0, uncertainty: 0 }])]);
    expect(replies).toEqual([
      { type: "error", error: { code: "camera.unavailable", message: expect.stringMatching(/positions/), path: "devices.positions" } },
    ]);
  });

  it("refuses a ship seen off the table (beyond her uncertainty) whole, and takes one within it", async () => {
    const before = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    const rj = { id: 13, x: 950, y: 535, heading: 84, uncertainty: 0.4 };
    const replies = await exchange(withCamera.app, [
      seen([{ ...rj, x: 100_000 }]), // 100 m off a 1.8 m table
      seen([rj, { ...rj, id: 17, y: -5 }]),
      seen([{ ...rj, x: 1830 + 1, uncertainty: 0.5 }]),
    ]);
    expect(replies).toHaveLength(3);
    for (const r of replies) expect(r).toMatchObject({ type: "error", error: { code: "input.invalid", path: "message" } });
    const words = replies.map((r) => (r.error as { message: string }).message);
    expect(words[0]).toBe(
      "camera.seen.markers.0 (marker 13): Royal James was seen at (100000, 535) mm, off the 1830 × 1220 mm table: that position is not kept. Nothing of this report was kept.",
    );
    expect(words[1]).toMatch(/^camera\.seen\.markers\.1 \(marker 17\): /);
    const after = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    expect(after.table?.ships).toEqual(before.table?.ships);
    // within her uncertainty of the edge: a camera's reading of a ship at the edge
    await new Promise((r) => setTimeout(r, CAMERA_REPORT_MS));
    expect(await exchange(withCamera.app, [seen([{ ...rj, x: -3, uncertainty: 5 }])])).toEqual([
      { type: "camera.reported", reported: 1, unknown: [] },
    ]);
    const edge = (await withCamera.app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
    expect(edge.table?.ships.find((s) => s.id === "royal-james")?.x).toBe(-3);
  });

  it("paces a flood of reports: 5 displays get each ship's latest at the pacer's rate, not one state a report", async () => {
    const app = withCamera.app;
    const displays = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const d = { states: 0, bytes: 0, lastX: Number.NaN };
        const ws = await app.injectWS(
          "/api/live",
          {},
          {
            onInit: (s) =>
              s.on("message", (data) => {
                const m = JSON.parse(String(data)) as { type: string; state?: TableView };
                if (m.type !== "state") return;
                d.states++;
                d.bytes += String(data).length;
                d.lastX = m.state?.table?.ships.find((x) => x.id === "royal-james")?.x ?? Number.NaN;
              }),
          },
        );
        return { d, ws };
      }),
    );
    await new Promise((r) => setTimeout(r, CAMERA_REPORT_MS * 2));
    for (const { d } of displays) Object.assign(d, { states: 0, bytes: 0 });
    let answered = 0;
    const sender = await app.injectWS(
      "/api/live",
      {},
      { onInit: (s) => s.on("message", (data) => String(data).includes("camera.reported") && answered++) },
    );
    const reports = 300;
    const started = performance.now();
    for (let i = 1; i <= reports; i++) sender.send(seen([{ id: 13, x: 100 + i, y: 600, heading: 90, uncertainty: 0.5 }]));
    while (answered < reports) await new Promise((r) => setTimeout(r, 10));
    const took = performance.now() - started;
    await new Promise((r) => setTimeout(r, CAMERA_REPORT_MS * 2));
    sender.terminate();
    // at most one batch an interval (and the first at once) while the reports came, and the last after them
    const most = 2 + Math.ceil(took / CAMERA_REPORT_MS);
    for (const { d, ws } of displays) {
      expect(d.states, `${d.states} states for ${reports} reports in ${Math.round(took)} ms`).toBeLessThanOrEqual(
        Math.min(most, reports / 4),
      );
      expect(d.lastX).toBe(100 + reports); // the latest is what stays shown
      ws.terminate();
    }
  });
});
