/**
 * Issue 15 items 1, 2, 7 and 11: bodies and live messages are bounded before anything is kept, body-less commands
 * take an empty POST, and every refusal (fastify's own too) is in the contract's error shape.
 */
import { Value } from "@sinclair/typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonDepth, parseBoundedJson } from "../../../host/server/json-limits.ts";
import { ErrorReply } from "../../../host/server/schemas.ts";
import { type AppFixture, appFixture, fingerprint } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => f.close());

const raw = (url: string, payload: string, type = "application/json", method: "POST" | "DELETE" = "POST") =>
  f.app.inject({ method, url, payload, headers: { "content-type": type } });

function expectRefusal(r: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(r.statusCode).toBe(status);
  const body = r.json();
  expect(Value.Check(ErrorReply, body), JSON.stringify(body)).toBe(true);
  if (code) expect((body as { error: { code: string } }).error.code).toBe(code);
}

describe("JSON limits", () => {
  it("measures depth without parsing, ignoring brackets inside strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}', 99)).toBe(3);
    expect(jsonDepth("[".repeat(100_000), 16)).toBe(17);
    expect(parseBoundedJson('{"a":"\\"[["}').ok).toBe(true);
    expect(parseBoundedJson(JSON.stringify({ a: "x".repeat(3000) }))).toMatchObject({ ok: false, error: { path: "a" } });
    expect(parseBoundedJson(JSON.stringify({ a: Array(600).fill(1) }))).toMatchObject({ ok: false, error: { code: "input.too-large" } });
  });
});

describe("item 1: a deeply nested body never reaches the table", () => {
  it("answers 400 input.too-deep, keeps nothing, and the state still serialises", async () => {
    const before = fingerprint(f.table);
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    for (const url of ["/api/draft", "/api/choose", "/api/actions", "/api/bindings"]) {
      const body = url === "/api/draft" ? `{"type":"broadside","values":{"firer":${deep}}}` : `{"value":${deep},"action":${deep}}`;
      expectRefusal(await raw(url, body), 400, "input.too-deep");
    }
    expect(fingerprint(f.table)).toBe(before);
    expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
  });

  it("keeps only the action's own fields in a draft (repeated edits cannot grow it)", async () => {
    const r = await f.app.inject({ method: "POST", url: "/api/draft", payload: { type: "broadside", values: { junk1: "x" } } });
    expectRefusal(r, 400, "input.invalid");
    expect(r.json().error.path).toBe("values.junk1");
    const ok = await f.app.inject({ method: "POST", url: "/api/draft", payload: { type: "broadside", values: { rangeInches: 6 } } });
    expect(ok.statusCode).toBe(200);
  });
});

describe("item 1: the live publish never throws into a request or a timer", () => {
  it("a failing live listener is logged; the command still succeeds and the host keeps answering", async () => {
    const off = f.table.onUpdate(() => {
      throw new RangeError("Maximum call stack size exceeded");
    });
    try {
      expect((await f.app.inject({ method: "POST", url: "/api/phase/next" })).statusCode).toBe(200);
      expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
    } finally {
      off();
    }
  });
});

describe("item 7: body-less commands take an empty POST", () => {
  it("with no body, an empty JSON body, an empty form body and {}", async () => {
    const ways = [
      () => f.app.inject({ method: "POST", url: "/api/phase/next" }),
      () => raw("/api/phase/next", ""),
      () => raw("/api/phase/next", "", "application/x-www-form-urlencoded"),
      () => raw("/api/phase/next", "{}"),
    ];
    for (const send of ways) expect((await send()).statusCode).toBe(200);
    for (const url of ["/api/undo", "/api/confirm", "/api/cancel", "/api/dice/software", "/api/devices/pixel-9/identify"]) {
      const r = await f.app.inject({ method: "POST", url });
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.json().error?.code ?? "ok", url).not.toBe("input.invalid");
    }
    // a body-needing command without a body names the missing field
    const dice = await f.app.inject({ method: "POST", url: "/api/dice" });
    expectRefusal(dice, 400, "input.invalid");
    expect(dice.json().error.path).toBe("values");
  });
});

describe("item 11: fastify's own refusals are in the contract's shape", () => {
  it("404, 415, 413, malformed JSON, a bad URL, a websocket route without upgrade", async () => {
    expectRefusal(await f.app.inject({ method: "GET", url: "/nowhere" }), 404, "route.unknown");
    expectRefusal(await f.app.inject({ method: "PUT", url: "/api/state" }), 404, "route.unknown");
    expectRefusal(await f.app.inject({ method: "GET", url: "/static/missing.js" }), 404);
    expectRefusal(await raw("/api/undo", "<undo/>", "application/xml"), 415, "input.media-type");
    expectRefusal(await raw("/api/undo", "undo", "text/plain"), 415, "input.media-type");
    expectRefusal(await raw("/api/dice", JSON.stringify({ values: [1], pad: "x".repeat(70_000) })), 413, "input.too-large");
    expectRefusal(await raw("/api/dice", "{not json"), 400, "input.invalid");
    expectRefusal(await f.app.inject({ method: "GET", url: "/api/ships/%E0%A4%A" }), 400, "input.invalid");
    expectRefusal(await f.app.inject({ method: "GET", url: "/api/live" }), 426, "live.upgrade");
    expectRefusal(await f.app.inject({ method: "GET", url: `/api/ships/${"x".repeat(300)}` }), 414);
  });
});

describe("item 2: live-socket messages are bounded", () => {
  it("answers a too-deep message with an error, and closes on one over the size limit", async () => {
    await f.app.ready();
    const messages: { type: string; error?: { code: string } }[] = [];
    let closed: number | undefined;
    const ws = await f.app.injectWS(
      "/api/live",
      {},
      {
        onInit: (s) => {
          s.on("message", (d) => messages.push(JSON.parse(String(d))));
          s.on("close", (code) => {
            closed = code;
          });
        },
      },
    );
    ws.send(`${"[".repeat(1500)}${"]".repeat(1500)}`);
    ws.send(JSON.stringify({ type: "ping" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(messages.map((m) => m.error?.code ?? m.type)).toEqual(["state", "display", "input.too-deep", "pong"]);
    ws.send(JSON.stringify({ type: "ping", pad: "x".repeat(100_000) }));
    await new Promise((r) => setTimeout(r, 100));
    expect([1006, 1009]).toContain(closed);
    expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
  });
});
