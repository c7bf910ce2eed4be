/**
 * What the pages need from the server: their modules from node_modules (/vendor), the pairing code (only for this
 * machine or a holder of the token; listening on port 0 so it has an address), and the display's preferences set
 * from /control and pushed to the display.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type AppFixture, appFixture, TOKEN } from "./app-fixture.ts";

let f: AppFixture;
let base: string;

beforeAll(async () => {
  f = await appFixture(false);
  await f.app.listen({ port: 0, host: "127.0.0.1" });
  const a = f.app.server.address();
  base = typeof a === "object" && a ? `127.0.0.1:${a.port}` : "";
});
afterAll(async () => {
  await f.close();
});

describe("the pages' server side", () => {
  it("serves Preact, its hooks and htm as ES modules from node_modules, and the import map names them", async () => {
    for (const file of ["preact.mjs", "preact-hooks.mjs", "htm.mjs"]) {
      const r = await f.app.inject({ method: "GET", url: `/vendor/${file}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toMatch(/text\/javascript/);
      expect(r.body).toMatch(/\bexport\b/);
    }
    expect((await f.app.inject({ method: "GET", url: "/vendor/..%2Fpackage.json" })).statusCode).toBe(404);
    const page = (await f.app.inject({ method: "GET", url: "/" })).body;
    const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "{}");
    expect(map.imports).toEqual({ preact: "/vendor/preact.mjs", "preact/hooks": "/vendor/preact-hooks.mjs", htm: "/vendor/htm.mjs" });
  });

  it("gives the pairing URL with the token and its QR code to this machine, not to another without the token", async () => {
    const r = await f.app.inject({ method: "GET", url: "/api/pairing" });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.url).toBe(`http://${base}/control#token=${TOKEN}`);
    expect(body.reachable).toBe(false);
    expect(body.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // another machine: closed to it (the default), then let in from /devices, where it needs the token
    const closed = await f.app.inject({ method: "GET", url: "/api/pairing", remoteAddress: "192.168.1.20" });
    expect(closed.json().error.code).toBe("phones.closed");
    await f.app.inject({ method: "PUT", url: "/api/phones", payload: { open: true } });
    const away = await f.app.inject({ method: "GET", url: "/api/pairing", remoteAddress: "192.168.1.20" });
    expect(away.statusCode).toBe(401);
    expect(away.json().error.code).toBe("auth.required");
    const withToken = await f.app.inject({
      method: "GET",
      url: "/api/pairing",
      remoteAddress: "192.168.1.20",
      headers: { authorization: `Bearer ${TOKEN}`, host: base },
    });
    expect(withToken.statusCode).toBe(200);
    await f.app.inject({ method: "PUT", url: "/api/phones", payload: { open: false } });
  });

  it("keeps the display's scale and speech, refuses bad values, and pushes changes to the display", async () => {
    // the preferences ride on the table's live socket, beside the state
    const ws = new WebSocket(`ws://${base}/api/live`);
    const seen: unknown[] = [];
    ws.on("message", (m) => {
      const msg = JSON.parse(String(m));
      if (msg.type === "display") seen.push(msg);
    });
    await new Promise((ok) => ws.once("open", ok));
    expect((await f.app.inject({ method: "GET", url: "/api/display" })).json()).toEqual({ ok: true, scale: 1, speech: false, log: null });
    const bad = await f.app.inject({ method: "POST", url: "/api/display", payload: { scale: 9 } });
    expect(bad.statusCode).toBe(400);
    expect((await f.app.inject({ method: "POST", url: "/api/display", payload: { scale: 1.5, junk: 1 } })).statusCode).toBe(400);
    const ok = await f.app.inject({ method: "POST", url: "/api/display", payload: { scale: 1.4, speech: true } });
    expect(ok.json()).toEqual({ ok: true, scale: 1.4, speech: true, log: null });
    await f.app.inject({ method: "PUT", url: "/api/phones", payload: { open: true } });
    const away = await f.app.inject({ method: "POST", url: "/api/display", payload: { scale: 2 }, remoteAddress: "192.168.1.20" });
    expect(away.statusCode).toBe(401);
    await f.app.inject({ method: "PUT", url: "/api/phones", payload: { open: false } });
    const end = Date.now() + 5000;
    while (seen.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    ws.close();
    expect(seen).toEqual([
      { type: "display", display: { scale: 1, speech: false, log: null } },
      { type: "display", display: { scale: 1.4, speech: true, log: null } },
    ]);
  });

  it("no page may be framed by another site: frame-ancestors 'none' and X-Frame-Options DENY on every answer (issue 27)", async () => {
    for (const url of ["/", "/control", "/devices", "/games", "/games/new", "/static/style.css", "/api/state", "/nowhere"]) {
      const r = await f.app.inject({ method: "GET", url });
      expect(r.headers["content-security-policy"], url).toBe("frame-ancestors 'none'");
      expect(r.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("a URL over 16 KB is refused 431 in the contract's error shape, by the listening server (issue 27)", async () => {
    const r = await fetch(`http://${base}/api/state?pad=${"x".repeat(20 * 1024)}`);
    expect(r.status).toBe(431);
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(await r.json()).toEqual({
      ok: false,
      error: {
        code: "input.too-large",
        message: "The address or the headers of this request are longer than the table takes (16 KB).",
        path: "url",
      },
    });
    // the host answers on
    expect((await fetch(`http://${base}/api/health`)).status).toBe(200);
  });
});
