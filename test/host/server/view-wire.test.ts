/**
 * The table state has one serialiser, its response schema (host/server/routes/live.ts): `GET /api/state` and the
 * live socket's `state` message carry the same bytes for the same view, and the schema leaves no object half-declared
 * (an object is exact, or a rule set's open part), so a field the pages read cannot vanish in serialisation unseen.
 */
import type { TSchema } from "@sinclair/typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeView } from "../../../host/server/routes/live.ts";
import { TableViewSchema } from "../../../host/server/view-schema.ts";
import { type AppFixture, appFixture } from "./app-fixture.ts";

/** Every object schema in `schema` that says neither that it is exact nor that it is open, by path. */
function halfDeclared(schema: TSchema, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const here = s.type === "object" && s.properties !== undefined && s.additionalProperties === undefined ? [path] : [];
  const kids: [string, TSchema][] = [
    ...Object.entries((s.properties ?? {}) as Record<string, TSchema>).map(([k, v]) => [`${path}.${k}`, v] as [string, TSchema]),
    ...((s.anyOf ?? []) as TSchema[]).map((v, i) => [`${path}|${i}`, v] as [string, TSchema]),
    ...(s.items ? [[`${path}[]`, s.items as TSchema] as [string, TSchema]] : []),
  ];
  return [...here, ...kids.flatMap(([p, k]) => halfDeclared(k, p, seen))];
}

describe("the table state on the wire", () => {
  let f: AppFixture;
  beforeAll(async () => {
    f = await appFixture(false);
    await f.app.ready();
  });
  afterAll(async () => f.close());

  it("GET /api/state and the live socket's state message carry the same bytes for the same view", async () => {
    const texts: string[] = [];
    const ws = await f.app.injectWS("/api/live", {}, { onInit: (socket) => socket.on("message", (d) => texts.push(String(d))) });
    const got = await f.app.inject({ method: "GET", url: "/api/state" });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toMatch(/^application\/json/);
    // written by the schema's serialiser (its field order), not JSON.stringify of the view as built
    expect(got.body).toBe(serializeView(f.table.view()));
    // connected before the GET, nothing changed in between: the first message is that state
    await expect.poll(() => texts.length).toBeGreaterThan(0);
    expect(texts[0]).toBe(`{"type":"state","state":${got.body}}`);
    // and after a change: the pushed state is the one GET /api/state then gives
    texts.length = 0;
    const done = await f.app.inject({ method: "POST", url: "/api/actions", payload: { action: { type: "set-wind", windward: "N" } } });
    expect(done.statusCode).toBe(200);
    await expect.poll(() => texts.some((t) => t.startsWith('{"type":"state"'))).toBe(true);
    const pushed = texts.filter((t) => t.startsWith('{"type":"state"')).at(-1);
    const after = await f.app.inject({ method: "GET", url: "/api/state" });
    expect(pushed).toBe(`{"type":"state","state":${after.body}}`);
    ws.terminate();
    await f.app.inject({ method: "POST", url: "/api/undo", payload: {} });
  });

  it("has no half-declared object: each is exact or a rule set's open part, so nothing the view holds is dropped unseen", () => {
    expect(halfDeclared(TableViewSchema, "state")).toEqual([]);
  });
});
