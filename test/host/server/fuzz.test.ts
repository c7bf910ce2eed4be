/**
 * The standing fuzz suite (issue 15): thousands of generated requests over every route of the host and messages
 * over the live socket — near-valid bodies with wrong types and unknown ids, deep nesting, huge strings, garbage
 * text, other content types, foreign hosts and origins, remote writes without the token. The host must stay up,
 * never answer 5xx, answer every refusal in the contract's shape, and leave the table exactly as it was after
 * every refused request. Bounded in count and time so it runs in `npm test`.
 */
import { Value } from "@sinclair/typebox/value";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorReply, LiveServerMessage } from "../../../host/server/schemas.ts";
import { type AppFixture, appFixture, fingerprint, TOKEN } from "./app-fixture.ts";

/** `FUZZ_RUNS=50000 npx vitest run test/host/server/fuzz.test.ts` for a longer run (the time limit grows with it). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const TIME_LIMIT_MS = Math.max(15_000, RUNS * 6);

const SHIPS = ["royal-james", "gouda", "henry", "oliphant", "stavoren"];
const ACTIONS = ["broadside", "movement", "set-wind", "initiative", "boarding-round", "explosion-hits", "breakpoint"];

let f: AppFixture;
let sim: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
  sim = await appFixture(true);
});
afterAll(async () => {
  await f.close();
  await sim.close();
});

/** Values of every JSON type, including the wrong one for any field. */
const anyValue = fc.oneof(
  { depthSize: "small" },
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, 0, -1, 1.5, 1e308, "", [], {}),
);
const unknownId = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "nobody", "../etc/passwd", "__proto__", "constructor"));
const shipId = fc.oneof(fc.constantFrom(...SHIPS), unknownId);
/** A value nested from 10 to 20 000 levels deep, as raw JSON text. */
const deepText = fc
  .integer({ min: 10, max: 20_000 })
  .chain((n) => fc.constantFrom(`${"[".repeat(n)}${"]".repeat(n)}`, `${'{"a":'.repeat(n)}1${"}".repeat(n)}`));
const hugeText = fc.constantFrom(2_049, 20_000, 70_000).map((n) => JSON.stringify("x".repeat(n)));

/** Near-valid bodies per route: the right keys with generated values, plus unknown keys now and then. */
const validAction = fc.oneof(
  fc.record({
    type: fc.constant("broadside"),
    firer: fc.constantFrom("royal-james", "henry"),
    target: fc.constantFrom("gouda", "oliphant"),
    rangeInches: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({ type: fc.constant("set-wind"), windward: fc.constantFrom("N", "E", "S", "W") }),
);
const bodies: Record<string, fc.Arbitrary<unknown>> = {
  "/api/actions": fc.oneof(
    fc.record({ action: validAction }),
    fc.record({
      action: fc.record(
        {
          type: fc.oneof(fc.constantFrom(...ACTIONS), unknownId, anyValue),
          firer: shipId,
          target: shipId,
          ship: shipId,
          rangeInches: fc.oneof(fc.integer({ min: -5, max: 30 }), anyValue),
          windward: fc.oneof(fc.constantFrom("N", "E", "S", "W"), anyValue),
          junk: anyValue,
        },
        { requiredKeys: ["type"] },
      ),
    }),
  ),
  "/api/draft": fc.record(
    {
      type: fc.oneof(fc.constantFrom(...ACTIONS), unknownId),
      values: fc.dictionary(fc.oneof(fc.constantFrom("firer", "target", "rangeInches", "rake"), unknownId), fc.oneof(shipId, anyValue), {
        maxKeys: 5,
      }),
    },
    { requiredKeys: [] },
  ),
  "/api/tap": fc.record({ ship: fc.oneof(shipId, anyValue) }),
  "/api/display": fc.record(
    { scale: fc.oneof(fc.double({ min: 0, max: 4 }), anyValue), speech: fc.oneof(fc.boolean(), anyValue) },
    { requiredKeys: [] },
  ),
  "/api/dice": fc.record({ values: fc.oneof(fc.array(fc.integer({ min: -2, max: 9 }), { maxLength: 20 }), anyValue) }),
  "/api/choose": fc.record({ value: anyValue }),
  "/api/bindings": fc.record(
    {
      die: fc.oneof(fc.constantFrom("pixel-1", "godice-2"), unknownId, anyValue),
      roles: fc.oneof(fc.array(fc.string({ maxLength: 50 }), { maxLength: 20 }), anyValue),
      colors: fc.oneof(fc.array(fc.constantFrom("black", "white", "red"), { maxLength: 3 }), anyValue),
      side: fc.oneof(fc.constantFrom("Allied", "Dutch"), unknownId, anyValue),
    },
    { requiredKeys: [] },
  ),
  "/api/players/:side": fc.record({ mode: fc.oneof(fc.constantFrom("electronic", "manual", "software"), anyValue) }),
};

const BODYLESS = ["/api/dice/software", "/api/confirm", "/api/cancel", "/api/undo", "/api/phase/next", "/api/devices/:id/identify"];
const GETS = [
  "/api/state",
  "/api/health",
  "/api/openapi.json",
  "/api/ships/:id",
  "/",
  "/control",
  "/devices",
  "/static/lib/live.js",
  "/static/:id",
  "/vendor/preact.mjs",
  "/vendor/:id",
  "/api/display",
  "/api/pairing",
  "/api/sim/dial",
  "/api/nowhere",
];

const pathParam = fc.oneof(
  fc.constantFrom(...SHIPS, "Dutch", "Allied", "pixel-1", "reader-1"),
  unknownId.map(encodeURIComponent),
  fc.constantFrom("%E0%A4%A", "%00", "..%2F..%2Fetc", "x".repeat(150)),
);

/** The text of a body: JSON of a generated value, or something that is not a fitting JSON body at all. */
const bodyText = (url: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: (bodies[url] ?? fc.constant({})).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: anyValue.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepText },
    { weight: 1, arbitrary: deepText.map((d) => `{"values":${d},"action":${d},"value":${d}}`) },
    { weight: 1, arbitrary: hugeText.map((h) => `{"die":${h},"ship":${h},"value":${h}}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant("") },
  );

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data; boundary=x"),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Who sends it: this machine, another machine with or without the token, a foreign Host or Origin. */
const sender = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Partial<InjectOptions>>({}) },
  { weight: 1, arbitrary: fc.constant<Partial<InjectOptions>>({ remoteAddress: "192.168.1.20" }) },
  {
    weight: 1,
    arbitrary: fc.constant<Partial<InjectOptions>>({ remoteAddress: "192.168.1.20", headers: { authorization: `Bearer ${TOKEN}` } }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Partial<InjectOptions>>(
      { headers: { host: "evil.example" } },
      { headers: { origin: "http://evil.example" } },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("[", "[::1", ":::", "localhost:", ".", "x".repeat(5000))),
        fc.string({ maxLength: 40 }),
      )
      .map(([host, origin]) => ({ headers: { host, origin } })),
  },
);
const query = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((q) => `?${encodeURIComponent(q)}`) },
  { weight: 1, arbitrary: fc.constantFrom("?a[b][c][d]=1", `?${"a=1&".repeat(2000)}`, "?token=", "?__proto__[x]=1") },
);

const fill = (url: string, param: string, q = "") => `${url.replace(/:\w+/, param)}${q}`;

// starting actions and rolling for them come up more often, so the table gets into deeper states (follow-ups, wind)
const postRoutes = [...Object.keys(bodies), ...BODYLESS, "/api/actions", "/api/actions", "/api/actions", "/api/dice/software"];
const request: fc.Arbitrary<InjectOptions> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .constantFrom(...postRoutes)
      .chain((url) =>
        fc.tuple(
          fc.constant(url),
          bodyText(url),
          contentType,
          pathParam,
          sender,
          fc.constantFrom("POST", "POST", "POST", "POST", "POST", "POST", "PUT", "DELETE"),
        ),
      )
      .map(([url, payload, type, param, who, method]) => {
        const headers = { ...(type ? { "content-type": type } : {}), ...(who.headers as Record<string, string> | undefined) };
        return { ...who, method, url: fill(url, param), payload, headers } as InjectOptions;
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...GETS), pathParam, sender, query)
      .map(([url, param, who, q]) => ({ ...who, method: "GET", url: fill(url, param, q) }) as InjectOptions),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pathParam, sender)
      .map(([die, who]) => ({ ...who, method: "DELETE", url: `/api/bindings/${die}` }) as InjectOptions),
  },
);

/** Sends one request and checks the reply; returns a description of what went wrong, or null. */
const statuses = new Map<number, number>();

async function check(t: AppFixture, req: InjectOptions, settled: boolean): Promise<string | null> {
  const before = fingerprint(t.table);
  const r = await t.app.inject(req);
  statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
  if (r.statusCode >= 500) return `${r.statusCode}: ${r.body.slice(0, 200)}`;
  if (r.statusCode < 400) return null;
  const ct = String(r.headers["content-type"] ?? "");
  if (!ct.startsWith("application/json")) return `${r.statusCode} not JSON (${ct})`;
  const body = r.json();
  if (!Value.Check(ErrorReply, body)) return `${r.statusCode} not in the contract's shape: ${r.body.slice(0, 200)}`;
  if (settled && fingerprint(t.table) !== before) return `refused (${r.statusCode} ${body.error.code}) but the table changed`;
  return null;
}

const describeReq = (req: InjectOptions) =>
  `${req.method} ${String(req.url).slice(0, 80)} ${String(req.payload ?? "").slice(0, 120)} ${JSON.stringify(req.headers ?? {})}`;

describe("fuzz: every route", () => {
  it(
    `${RUNS} generated requests: no 5xx, refusals in the contract's shape, nothing changed by a refusal`,
    async () => {
      let sent = 0;
      let resolved = 0;
      const off = f.table.session.onChange((events) => {
        resolved += events.filter((e) => e.type === "result").length;
      });
      await fc.assert(
        fc.asyncProperty(request, async (req) => {
          sent++;
          const problem = await check(f, req, true);
          if (problem) throw new Error(`${problem}\n  request: ${describeReq(req)}`);
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
      );
      expect(sent).toBeGreaterThan(500);
      // the generators reach past the schemas: some requests are accepted and change the table
      off();
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(resolved).toBeGreaterThan(0);
      if (process.env.FUZZ_REPORT) console.log(`${sent} requests`, Object.fromEntries(statuses), `${resolved} actions resolved`);
      expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
    },
    TIME_LIMIT_MS + 45_000,
  );

  it("the emulator controls of an all-emulated table: no 5xx, refusals in the contract's shape", async () => {
    const simBody = fc.record(
      {
        reader: fc.oneof(fc.constantFrom("reader-1", "reader-2"), unknownId, anyValue),
        uid: fc.oneof(fc.constantFrom("04A1", "zz"), unknownId, anyValue),
        die: fc.oneof(fc.constantFrom("pixel-1", "godice-1"), unknownId, anyValue),
        face: fc.oneof(fc.integer({ min: -1, max: 25 }), anyValue),
        device: fc.oneof(fc.constantFrom("nobody"), unknownId, anyValue),
        command: fc.oneof(fc.constantFrom("confirm", "undo", "launch"), unknownId, anyValue),
      },
      { requiredKeys: [] },
    );
    const simReq = fc
      .tuple(
        fc.constantFrom("tap", "lift", "roll", "press", "disconnect", "reconnect"),
        fc.oneof(
          simBody.map((b) => JSON.stringify(b)),
          deepText,
          hugeText,
        ),
      )
      .map(
        ([op, payload]) =>
          ({ method: "POST", url: `/api/sim/${op}`, payload, headers: { "content-type": "application/json" } }) as InjectOptions,
      );
    await fc.assert(
      fc.asyncProperty(simReq, async (req) => {
        // emulated readings arrive after the reply, so only the replies are checked here
        const problem = await check(sim, req, false);
        if (problem) throw new Error(`${problem}\n  request: ${describeReq(req)}`);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 8_000 },
    );
    expect((await sim.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
  }, 30_000);
});

describe("fuzz: the live socket", () => {
  it("answers every generated message with a pong or an error in the contract's shape; oversized ones close only that socket", async () => {
    await f.app.ready();
    const message = fc.oneof(
      fc.constant(JSON.stringify({ type: "ping" })),
      anyValue.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 100 }),
      fc.integer({ min: 10, max: 2000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
      fc.constantFrom(5_000, 200_000).map((n) => "x".repeat(n)),
    );
    const messages = fc.sample(message, 400);
    let replies: unknown[] = [];
    let closed = false;
    const open = async () => {
      closed = false;
      const socket = await f.app.injectWS("/api/live", {}, { onInit: (s) => s.on("message", (d) => replies.push(JSON.parse(String(d)))) });
      socket.on("close", () => {
        closed = true;
      });
      return socket;
    };
    let ws = await open();
    let pongs = 0;
    let errors = 0;
    let drops = 0;
    for (const m of messages) {
      replies = [];
      ws.send(m);
      for (let i = 0; i < 100 && replies.length === 0 && !closed; i++) await new Promise((r) => setTimeout(r, 2));
      if (closed) {
        expect(m.length).toBeGreaterThan(4096);
        drops++;
        ws = await open();
        continue;
      }
      const reply = replies.find((x) => (x as { type: string }).type !== "state");
      expect(Value.Check(LiveServerMessage, reply), `${m.slice(0, 60)} → ${JSON.stringify(reply)}`).toBe(true);
      if ((reply as { type: string }).type === "pong") pongs++;
      else errors++;
    }
    ws.terminate();
    expect(pongs + errors + drops).toBe(messages.length);
    expect((await f.app.inject({ method: "GET", url: "/api/state" })).statusCode).toBe(200);
  }, 30_000);
});
