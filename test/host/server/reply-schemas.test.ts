/**
 * One typed wire (issue 42): every route of the table's app and of the club board's has its reply's schema, its error
 * replies' (4xx, 5xx: the contract's error, by reference) and, taking a body, its body's schema — typed by the TypeBox
 * type provider (host/server/typed-routes.ts). Each app refuses a route without (`requireReplySchemas`, an onRoute
 * hook), so building the app with every route (the emulated table's too) is the walk; the OpenAPI document then shows
 * each route's replies, and an error reply written through a route's declared schema is still the contract's.
 */
import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClubHost } from "../../../host/club/club-host.ts";
import { buildClubApp } from "../../../host/club/server.ts";
import { ErrorReply } from "../../../host/server/schemas.ts";
import { OkReply, replies, requireReplySchemas } from "../../../host/server/typed-routes.ts";
import { freePort, quiet } from "../../club/helpers.ts";
import { type AppFixture, appFixture } from "./app-fixture.ts";

interface Operation {
  readonly requestBody?: unknown;
  readonly responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe("every route's reply has its schema", () => {
  let f: AppFixture;
  beforeAll(async () => {
    f = await appFixture(true);
    await f.app.ready();
  });
  afterAll(async () => f.close());

  it("builds the app with every route (the emulated table's too), each with its reply's schema in the OpenAPI document", () => {
    const doc = (f.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(60);
    const without = operations
      .filter(({ op }) => !Object.values(op.responses ?? {}).some((r) => Object.values(r.content ?? {}).some((c) => c.schema)))
      .map(({ route }) => route);
    expect(without).toEqual([]);
    const bodiless = operations
      .filter(({ route, op }) => /^(POST|PUT|PATCH) /.test(route) && op.requestBody === undefined)
      .map(({ route }) => route);
    expect(bodiless).toEqual([]);
    const refusalsUndeclared = operations
      .filter(({ op }) => !["4XX", "5XX"].every((code) => Object.values(op.responses?.[code]?.content ?? {}).some((c) => c.schema)))
      .map(({ route }) => route);
    expect(refusalsUndeclared).toEqual([]);
  });

  it("writes a refusal through the route's declared error schema in the contract's shape", async () => {
    for (const [method, url, status] of [
      ["POST", "/api/choose", 400],
      ["GET", "/api/ships/nobody", 404],
      ["GET", "/api/games/999999/summary", 404],
      ["GET", "/api/live", 426],
    ] as const) {
      const r = await f.app.inject({ method, url, ...(method === "POST" ? { payload: { nope: 1 } } : {}) });
      expect(r.statusCode, url).toBe(status);
      expect(Value.Check(ErrorReply, r.json()), r.body).toBe(true);
    }
  });
});

describe("a route without its schemas", () => {
  it("is refused when it is added: no reply schema, or a body taken without a body schema", async () => {
    const app = Fastify();
    app.addHook("onRoute", requireReplySchemas);
    expect(() => app.get("/no-reply", async () => ({ ok: true }))).toThrow(/GET \/no-reply has no reply schema/);
    expect(() => app.get("/no-errors", { schema: { response: { 200: OkReply } } }, async () => ({ ok: true }))).toThrow(
      /GET \/no-errors does not declare its 4xx and 5xx error replies/,
    );
    expect(() => app.post("/no-body", { schema: { response: replies({ 200: OkReply }) } }, async () => ({ ok: true }))).toThrow(
      /POST \/no-body takes a body but has no body schema/,
    );
    expect(() =>
      app.post("/typed", { schema: { body: Type.Object({}), response: replies({ 200: OkReply }) } }, async () => ({ ok: true })),
    ).not.toThrow();
    await app.close();
  });

  it("is refused by the club board's app too, whose own routes all have theirs", async () => {
    const club = await startClubHost({ broker: { kind: "embedded", port: await freePort() }, dbFile: ":memory:", logger: quiet });
    const app = await buildClubApp(club, quiet);
    try {
      expect(() => app.get("/planted", async () => ({ ok: true }))).toThrow(/GET \/planted has no reply schema/);
      expect(() => app.get("/planted-2", { schema: { response: { 200: OkReply } } }, async () => ({ ok: true }))).toThrow(
        /does not declare its 4xx and 5xx error replies/,
      );
      const board = await app.inject("/api/club/board");
      expect(board.statusCode).toBe(200);
      expect(board.json()).toEqual({ tiles: [], broker: true });
      for (const [url, status] of [
        ["/api/club/live", 426],
        ["/club/static/nothing.js", 404],
      ] as const) {
        const r = await app.inject(url);
        expect(r.statusCode, url).toBe(status);
        expect(Value.Check(ErrorReply, r.json()), r.body).toBe(true);
      }
    } finally {
      await app.close();
      await club.close();
    }
  });
});
