/**
 * Issue 15 item 3: DNS rebinding and cross-site use. The Host header must name this machine (loopback names, IP
 * addresses, configured names); a web page from another origin needs the token, on HTTP and on the live socket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostnameOf, isAllowedHost } from "../../../host/server/origin-guard.ts";
import { type AppFixture, appFixture, fingerprint, TOKEN } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false, { hosts: ["table.local", "Quarterdeck-Pi"] });
  await f.app.ready();
});
afterAll(async () => f.close());

const get = (headers: Record<string, string>, url = "/api/state") => f.app.inject({ method: "GET", url, headers });
const post = (headers: Record<string, string>, url = "/api/phase/next") => f.app.inject({ method: "POST", url, headers });

describe("host names", () => {
  it("reads names out of Host headers", () => {
    expect(hostnameOf("Table.Local.:7420")).toBe("table.local");
    expect(hostnameOf("[::1]:7420")).toBe("::1");
    expect(hostnameOf("127.0.0.1")).toBe("127.0.0.1");
    const allowed = new Set(["table.local"]);
    for (const ok of ["localhost", "app.localhost", "127.0.0.1", "::1", "192.168.1.20", "table.local"])
      expect(isAllowedHost(ok, allowed)).toBe(true);
    for (const bad of ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io"]) expect(isAllowedHost(bad, allowed)).toBe(false);
  });
});

describe("Host header (DNS rebinding)", () => {
  it("answers loopback names, addresses and configured names; refuses any other name, reads and writes alike", async () => {
    for (const host of ["localhost:7420", "127.0.0.1:7420", "[::1]:7420", "192.168.1.20:7420", "table.local:7420", "quarterdeck-pi"]) {
      expect((await get({ host })).statusCode, host).toBe(200);
    }
    const before = fingerprint(f.table);
    for (const r of [await get({ host: "evil.example:7420" }), await post({ host: "rebind.evil.example" })]) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ ok: false, error: { code: "host.refused", message: expect.any(String), path: "Host" } });
    }
    expect(fingerprint(f.table)).toBe(before);
  });
});

describe("Origin header (cross-site pages)", () => {
  it("lets the table's own pages and scripts without Origin in; refuses other origins unless they carry the token", async () => {
    expect((await post({ host: "127.0.0.1:7420", origin: "http://127.0.0.1:7420" })).statusCode).toBe(200);
    expect((await post({ host: "127.0.0.1:7420" })).statusCode).toBe(200);
    const before = fingerprint(f.table);
    for (const origin of ["http://evil.example", "null", "http://localhost:7420", "http://127.0.0.1:9999"]) {
      const w = await post({ host: "127.0.0.1:7420", origin });
      expect(w.statusCode, origin).toBe(403);
      expect(w.json().error).toMatchObject({ code: "origin.refused", path: "Origin" });
      expect((await get({ host: "127.0.0.1:7420", origin })).statusCode, origin).toBe(403);
    }
    expect(fingerprint(f.table)).toBe(before);
    const bearer = await post({ host: "127.0.0.1:7420", origin: "http://dashboard.example", authorization: `Bearer ${TOKEN}` });
    expect(bearer.statusCode).toBe(200);
  });

  it("the live socket needs the same origin or the token (?token=)", async () => {
    const open = (url: string, headers: Record<string, string>) => f.app.injectWS(url, { headers });
    const same = await open("/api/live", { host: "table.local:7420", origin: "http://table.local:7420" });
    same.terminate();
    const script = await open("/api/live", { host: "127.0.0.1:7420" });
    script.terminate();
    await expect(open("/api/live", { host: "127.0.0.1:7420", origin: "http://evil.example" })).rejects.toThrow(/403/);
    await expect(open("/api/live?token=wrong", { host: "127.0.0.1:7420", origin: "http://evil.example" })).rejects.toThrow(/403/);
    await expect(open("/api/live", { host: "evil.example", origin: "http://evil.example" })).rejects.toThrow(/403/);
    const paired = await open(`/api/live?token=${TOKEN}`, { host: "127.0.0.1:7420", origin: "http://evil.example" });
    paired.terminate();
  });
});
