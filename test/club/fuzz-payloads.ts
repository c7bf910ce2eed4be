/**
 * What a table's account can throw at the club board (issue 27): payloads nested deep, too big, of the wrong
 * types, with huge or broken numbers, with fields no schema names, and binary junk — for every topic the board
 * reads. fast-check arbitraries, shared by the in-process fuzz and the one against Mosquitto.
 */
import fc from "fast-check";

export const LEAVES = ["events", "state", "status", "ended", "start", "request", "other"] as const;

/** A well-formed record of game `game` (the fuzz breaks it in one place). */
export const goodEvent = (game = "g1-abc", seq = 1): Record<string, unknown> => ({
  game,
  seq,
  at: "2026-11-26T20:00:00.000Z",
  ruleset: "sole-bay-1672",
  kind: "resolved",
  action: { type: "set-wind", windward: "N" },
  outcome: {},
  dice: [],
  summary: "Windward edge: N",
});

export const goodState = (game = "g1-abc"): Record<string, unknown> => ({
  game,
  title: "Sole Bay",
  ruleset: "sole-bay-1672",
  scenario: "sole-bay-1672",
  turn: 1,
  phase: "Wind",
  lastResult: null,
  sides: [
    { side: "Allied", afloat: 3, lost: 0 },
    { side: "Dutch", afloat: 3, lost: 0 },
  ],
  at: "2026-11-26T20:00:00.000Z",
});

export const goodEnded = (game = "g1-abc"): Record<string, unknown> => ({
  game,
  winner: "Allied",
  players: { Allied: ["Ann"], Dutch: ["Bo"] },
  losses: { Allied: 0, Dutch: 3 },
});

const goodOf = (leaf: string): Record<string, unknown> => (leaf === "state" ? goodState() : leaf === "ended" ? goodEnded() : goodEvent());

/** `[[[[…]]]]` or `{"a":{"a":…}}` `depth` deep, as text (never built as a value: that is the point). */
export const deepText = (depth: number, obj: boolean): string =>
  obj ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`;

const hugeNumber = fc.constantFrom(1e7, 1e300, -1, 1.5, 2 ** 53 + 2, -0, Number.MAX_SAFE_INTEGER, 1e6 + 1, 501);
const numberFields = ["seq", "undoes", "turn", "lastSeq", "afloat", "lost", "value"] as const;

/** One bad payload; `leaf` decides what the well-formed base looks like. */
export const badPayload = (leaf: string): fc.Arbitrary<Buffer> =>
  fc.oneof(
    // deep: bare, or inside an otherwise good message's action
    fc
      .record({ depth: fc.integer({ min: 17, max: 30_000 }), obj: fc.boolean() })
      .map(({ depth, obj }) => Buffer.from(deepText(depth, obj))),
    fc
      .integer({ min: 17, max: 20_000 })
      .map((d) => Buffer.from(JSON.stringify({ ...goodOf(leaf), action: "X" }).replace('"X"', deepText(d, true)))),
    // huge
    fc.integer({ min: 64 * 1024 + 1, max: 300 * 1024 }).map((n) => Buffer.alloc(n, 0x5b)),
    fc.integer({ min: 3000, max: 60_000 }).map((n) => Buffer.from(JSON.stringify({ ...goodOf(leaf), summary: "x".repeat(n) }))),
    fc
      .integer({ min: 600, max: 5000 })
      .map((n) => Buffer.from(JSON.stringify({ ...goodOf(leaf), dice: Array(n).fill({ value: 6, source: "x" }) }))),
    // wrong types: anything at all, or one field of a good message replaced by anything
    fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
    fc
      .record({
        k: fc.constantFrom("game", "seq", "kind", "dice", "sides", "winner", "players", "losses", "action", "at"),
        v: fc.jsonValue(),
      })
      .map(({ k, v }) => Buffer.from(JSON.stringify({ ...goodOf(leaf), [k]: v }))),
    // huge and broken numbers, wherever a number goes
    fc.record({ k: fc.constantFrom(...numberFields), n: hugeNumber }).map(({ k, n }) => {
      const base = goodOf(leaf);
      const text = JSON.stringify(base)
        .replace(/"(afloat|lost)":\d+/, (m) => (m.startsWith(`"${k}"`) ? `"${k}":${n}` : m))
        .replace(/"seq":\d+/, (m) => (k === "seq" ? `"seq":${n}` : m));
      return Buffer.from(k === "seq" || k === "afloat" || k === "lost" ? text : JSON.stringify({ ...base, [k]: n }));
    }),
    fc.constantFrom("1e999", '{"seq":1e999}', "NaN", '{"game":"g1-abc","seq":-Infinity}').map((t) => Buffer.from(t)),
    // prototype keys, control characters, binary
    fc
      .constantFrom(
        '{"__proto__":{"polluted":1},"game":"g1-abc"}',
        '{"game":"g1-abc","winner":"constructor","players":{"constructor":["x"],"__proto__":["y"]},"losses":{"toString":1}}',
        '{"game":"g1-abc\\u0000","sides":[{"side":"\\u0007","afloat":1,"lost":0}]}',
      )
      .map((t) => Buffer.from(t)),
    fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
  );

const KNOWN = new Set(
  "game seq at ruleset kind undoes action outcome dice summary title scenario turn phase lastResult sides lastSeq winner players losses start data __proto__ how".split(
    " ",
  ),
);

/** A good message with fields no schema names: kept, without them. */
export const unknownFields = (leaf: string): fc.Arbitrary<{ payload: Buffer; keys: string[] }> =>
  fc
    .dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !KNOWN.has(k)),
      fc.jsonValue({ maxDepth: 3 }),
      { minKeys: 1, maxKeys: 5 },
    )
    .map((extra) => ({ payload: Buffer.from(JSON.stringify({ ...goodOf(leaf), ...extra })), keys: Object.keys(extra) }));
