/**
 * One typed wire (issue 42): every route of the table's app has its reply's schema, and every route taking a body its
 * body's schema — typed by the TypeBox type provider (host/server/typed-routes.ts). The app refuses a route without
 * (`requireReplySchemas`, an onRoute hook), so building the app with every route (the emulated table's too) is the
 * walk; the OpenAPI document then shows each route's reply.
 */
import { Type } from "@sinclair/typebox";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OkReply, requireReplySchemas } from "../../../host/server/typed-routes.ts";
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
  });
});

describe("a route without its schemas", () => {
  it("is refused when it is added: no reply schema, or a body taken without a body schema", async () => {
    const app = Fastify();
    app.addHook("onRoute", requireReplySchemas);
    expect(() => app.get("/no-reply", async () => ({ ok: true }))).toThrow(/GET \/no-reply has no reply schema/);
    expect(() => app.post("/no-body", { schema: { response: { 200: OkReply } } }, async () => ({ ok: true }))).toThrow(
      /POST \/no-body takes a body but has no body schema/,
    );
    expect(() =>
      app.post("/typed", { schema: { body: Type.Object({}), response: { 200: OkReply } } }, async () => ({ ok: true })),
    ).not.toThrow();
    await app.close();
  });
});
