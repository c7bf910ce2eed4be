/**
 * Issue 39 item 1: one rule for every write, HTTP or socket. A live socket opened from another machine (an address
 * beyond loopback, injected as the HTTP tests inject one) reads freely, but each message that changes the table —
 * camera positions (`camera.seen`), marker assignment (`camera.shown`) — is answered `auth.required` and changes
 * nothing, unless the socket was opened with the table's token (`?token=`, as the pages send it off the table's
 * machine). On the table's own machine no token is needed.
 */
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { LiveServerMessage } from "../../../host/server/schemas.ts";
import type { TableView } from "../../../host/server/view-schema.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const TOKEN = "test-token-0123456789abcdef";
const LAN = { remoteAddress: "192.168.1.20" };
const logger = pino({ level: "silent" });
let app: FastifyInstance;
let table: TableRuntime;

beforeAll(async () => {
  const composed = await composeTable({
    setup: { ...demoSetup(), devices: { positions: {} } },
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim: false,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: TOKEN });
  await app.ready();
}, 30_000);
afterAll(async () => {
  await app.close();
  await table.close();
});

/** Opens a live socket (from `socket`'s address), sends each message, and gives back every answer but states and preferences. */
async function exchange(url: string, socket: { remoteAddress: string }, sent: readonly unknown[]) {
  const got: Record<string, unknown>[] = [];
  const ws = await app.injectWS(url, { socket } as never, { onInit: (s) => s.on("message", (d) => got.push(JSON.parse(String(d)))) });
  for (const m of sent) ws.send(JSON.stringify(m));
  await new Promise((r) => setTimeout(r, 150));
  ws.terminate();
  for (const m of got) expect(Value.Check(LiveServerMessage, m), JSON.stringify(m).slice(0, 100)).toBe(true);
  return {
    states: got.filter((m) => m.type === "state").length,
    answers: got.filter((m) => m.type !== "state" && m.type !== "display" && m.type !== "event"),
  };
}

const view = async () => (await app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
const ship = (v: TableView, id: string) => v.table?.ships.find((s) => s.id === id);
const seen = (x: number, id = 13) => ({ type: "camera.seen", markers: [{ id, x, y: 500, heading: 90, uncertainty: 0.5 }] });
const shown = { type: "camera.shown", markers: [40] };
const refused = { type: "error", error: { code: "auth.required", message: expect.stringMatching(/token/), path: "Authorization" } };

describe("the live socket's changes follow the token rule of every write", () => {
  it("from the LAN without the token: reads and pings, but every table-changing message is refused and changes nothing", async () => {
    const before = await view();
    const marker = await app.inject({ method: "POST", url: "/api/setup/marker", payload: { ship: "royal-james" } });
    expect(marker.statusCode).toBe(200); // loopback: the set-up waits for Royal James's marker
    const waiting = await view();
    const r = await exchange("/api/live", LAN, [{ type: "ping" }, seen(900), shown, seen(400)]);
    expect(r.states).toBeGreaterThanOrEqual(1); // the state is read
    expect(r.answers).toEqual([{ type: "pong" }, refused, refused, refused]);
    const after = await view();
    expect(ship(after, "royal-james")).toEqual(ship(before, "royal-james"));
    expect(after.assigning).toEqual(waiting.assigning);
    expect(after.version).toBe(waiting.version);
    // a wrong token is no token
    const wrong = await exchange("/api/live?token=nope", LAN, [seen(900), shown]);
    expect(wrong.answers).toEqual([refused, refused]);
    expect((await view()).version).toBe(waiting.version);
  });

  it("from the LAN with the token, and from the table's own machine without it: accepted", async () => {
    const paired = await exchange(`/api/live?token=${TOKEN}`, LAN, [seen(900)]);
    expect(paired.answers).toEqual([{ type: "camera.reported", reported: 1, unknown: [] }]);
    expect(ship(await view(), "royal-james")).toMatchObject({ x: 900, y: 500, source: "camera" });
    const shownPaired = await exchange(`/api/live?token=${TOKEN}`, LAN, [shown]);
    expect(shownPaired.answers).toEqual([]);
    expect((await view()).assigning ?? null).toBeNull(); // marker 40 went to Royal James
    expect((await app.inject({ method: "GET", url: "/api/camera" })).json().ships).toContainEqual(
      expect.objectContaining({ marker: 40, ship: "royal-james" }),
    );
    const local = await exchange("/api/live", { remoteAddress: "127.0.0.1" }, [seen(700, 40)]);
    expect(local.answers).toEqual([{ type: "camera.reported", reported: 1, unknown: [] }]);
    expect(ship(await view(), "royal-james")).toMatchObject({ x: 700 });
  });
});
