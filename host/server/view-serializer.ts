/**
 * The one serialiser of the table state: `GET /api/state`, the command replies that carry the state
 * (`{"ok":true,"state":…}`) and the live socket's `{"type":"state","state":…}` all write the view with the same
 * function, compiled once (on first use, not at start) from its response schema, `TableViewSchema`, by fastify's
 * own fast-json-stringify compiler. So every client gets the same bytes for the same view, and only what the schema
 * declares (view-schema.ts keeps every object exact or openly open, so nothing the pages read is dropped).
 */
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import { serializerSchema } from "./serializer-schema.ts";
import type { Frozen } from "./typed-routes.ts";
import { type TableView, TableViewSchema } from "./view-schema.ts";

/** The table state as the serialiser takes it: the compiler checks that the session's view fits its schema's type. */
export type WireView = Frozen<TableView>;

type Write = (doc: unknown) => string;
type RuleSetPart = WireView["ruleset"];

/** The state's two serialisers: its rule set's part (the same all game long), and the rest. */
interface Compiled {
  readonly ruleset: Write;
  readonly rest: Write;
}
let compiled: Compiled | null = null;

function compile(): Compiled {
  const schema = serializerSchema(TableViewSchema);
  const { ruleset, ...rest } = schema.properties as Record<string, unknown>;
  const write = (part: unknown, url: string): Write =>
    SerializerSelector()()({ schema: part, method: "GET", url, httpStatus: "200" }) as Write;
  return {
    ruleset: write(ruleset, "/api/state#ruleset"),
    // the rest is exact too: it writes no `ruleset` (additionalProperties: false), which is spliced in first
    rest: write({ ...schema, properties: rest, required: (schema.required as string[]).filter((k) => k !== "ruleset") }, "/api/state"),
  };
}

/**
 * The rule set's part written once per game: it is most of the state's bytes (every action's fields and words) and
 * does not change while its actions, dice and phases' names are the same objects and words (the view takes them from
 * the rule set as they are).
 */
const rulesetWritten = new WeakMap<object, { readonly key: string; readonly dice: object; readonly json: string }>();
function rulesetJson(c: Compiled, r: RuleSetPart): string {
  const key = `${r.id}\n${r.title}\n${r.description}\n${r.phases.join("\n")}`;
  const kept = rulesetWritten.get(r.actions);
  if (kept && kept.key === key && kept.dice === r.dice) return kept.json;
  const json = c.ruleset(r);
  rulesetWritten.set(r.actions, { key, dice: r.dice, json });
  return json;
}

/** The table state as JSON, by its schema. Throws (a programmer's error) on a view its schema does not describe. */
export function serializeView(view: WireView): string {
  compiled ??= compile();
  const rest = compiled.rest(view);
  return `{"ruleset":${rulesetJson(compiled, view.ruleset)},${rest.slice(1)}`;
}

/** The live socket's state message. */
export const stateMessage = (view: WireView): string => `{"type":"state","state":${serializeView(view)}}`;

/**
 * A reply that carries the state (`{"ok":true,"state":…}`, with an added device's id, a request's measured fields): the
 * state by `serializeView`, the reply's few other fields (`ok`, ids, figures) by JSON.stringify.
 */
export function stateReply(reply: { readonly state: WireView }): string {
  const { state, ...rest } = reply;
  const others = JSON.stringify(rest);
  return others === "{}" ? `{"state":${serializeView(state)}}` : `${others.slice(0, -1)},"state":${serializeView(state)}}`;
}

type Route = Parameters<ReturnType<ReturnType<typeof SerializerSelector>>>[0];
type Compiler = (route: Omit<Route, "httpStatus"> & { readonly httpStatus?: string }) => (doc: unknown) => string;
/** A route's `serializerCompiler`: `ok` for its 200 reply, fastify's own compiler for the others (its error replies). */
const for200 =
  (ok: (doc: never) => string): Compiler =>
  (route) =>
    route.httpStatus === "200" ? (ok as (doc: unknown) => string) : SerializerSelector()()(route as Route);

/** The `serializerCompiler` of `GET /api/state`: `serializeView`, never a copy. */
export const viewSerializer: Compiler = for200(serializeView);
/** The `serializerCompiler` of the routes whose reply carries the state: the state by `serializeView`. */
export const stateReplySerializer: Compiler = for200(stateReply);
