/**
 * Reads what tables publish (docs/reference/mqtt.md) with every size, depth and number
 * bounded before anything is kept: a topic `quarterdeck/<club>/<table>/<leaf>` and a JSON payload (or
 * `online`/`offline` for `status`). The text's nesting is counted before it is parsed (a payload nested 30,000
 * deep once overflowed the stack when the board stored it), the parsed value is checked against the topic's
 * schema, and fields the schema does not name are dropped.
 */
import { Kind, type Static, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { TOPIC_ID } from "../config/club-schema.ts";
import { type JsonLimits, parseBoundedJson } from "../server/json-limits.ts";
import { ClubSchemas } from "./schemas.ts";

/** Larger payloads are dropped (a resolved action is a few KB). */
export const MAX_PAYLOAD = 64 * 1024;
/** A game's `start` carries the starting state of up to 500 ships (and a rule set's data file, when it has one). */
export const MAX_START_PAYLOAD = 1024 * 1024;

const LIMITS: JsonLimits = { bodyBytes: MAX_PAYLOAD, messageBytes: MAX_PAYLOAD, depth: 16, stringChars: 2048, entries: 512 };
const START_LIMITS: JsonLimits = { ...LIMITS, bodyBytes: MAX_START_PAYLOAD, messageBytes: MAX_START_PAYLOAD, entries: 4096 };

export type EventMessage = Static<typeof ClubSchemas.events>;
export type EndedMessage = Static<typeof ClubSchemas.ended>;
export type StateMessage = Static<typeof ClubSchemas.state>;
export type StartMessage = Static<typeof ClubSchemas.start>;

export type TableMessage =
  | { readonly leaf: "events"; readonly body: EventMessage }
  | { readonly leaf: "ended"; readonly body: EndedMessage }
  | { readonly leaf: "state"; readonly body: StateMessage }
  | { readonly leaf: "start"; readonly body: StartMessage }
  | { readonly leaf: "status"; readonly online: boolean };

/**
 * `ok`: a table message; `ignored`: a topic of the club that is not a table's report (the board's own
 * `request`); otherwise refused, with the reason and, when the topic names one, the table it came from.
 */
export type Parsed =
  | { ok: true; club: string; table: string; msg: TableMessage }
  | { ok: false; ignored?: true; club?: string; table?: string; why: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The value with every property its object schemas do not name dropped, down through lists and unions (TypeBox's
 * `Value.Clean` keeps a key such as `valueOf` that the schema's properties object inherits). Records keep theirs.
 */
export function dropUnknown(schema: TSchema, value: unknown): unknown {
  const kind = schema[Kind] as string;
  if (kind === "Object" && isObj(value)) {
    const props = schema.properties as Record<string, TSchema>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const p = Object.hasOwn(props, k) ? props[k] : undefined;
      if (p) out[k] = dropUnknown(p, v);
    }
    return out;
  }
  if (kind === "Array" && Array.isArray(value)) return value.map((v) => dropUnknown(schema.items as TSchema, v));
  if (kind === "Union" && isObj(value)) {
    const obj = (schema.anyOf as TSchema[]).find((s) => s[Kind] === "Object");
    return obj ? dropUnknown(obj, value) : value;
  }
  return value;
}

/** Checks a value against a schema, fields it does not name dropped; the first error with its path, or the value. */
function checked<S extends TSchema>(schema: S, value: unknown): Static<S> | string {
  const clean = dropUnknown(schema, value);
  if (Value.Check(schema, clean)) return clean as Static<S>;
  const e = Value.Errors(schema, clean).First();
  return e ? `${e.path || "payload"}: ${e.message}` : "payload does not match the schema";
}

/** Parses one MQTT message; a bad one comes back with the reason (the host logs and counts it and keeps going). */
export function parseTableMessage(topic: string, payload: Buffer): Parsed {
  const parts = topic.split("/");
  const [root, club = "", table = "", leaf = ""] = parts;
  if (parts.length !== 4 || root !== "quarterdeck" || !TOPIC_ID.test(club) || !TOPIC_ID.test(table))
    return { ok: false, why: `not a table topic: ${topic.slice(0, 200)}` };
  const from = { club, table };
  if (leaf === "request") return { ok: false, ignored: true, ...from, why: "the board's own request" };
  const cap = leaf === "start" ? MAX_START_PAYLOAD : MAX_PAYLOAD;
  if (payload.length > cap) return { ok: false, ...from, why: `${topic}: payload of ${payload.length} bytes is over ${cap}` };
  const text = payload.toString("utf8");
  if (leaf === "status") {
    if (text !== "online" && text !== "offline") return { ok: false, ...from, why: `${topic}: status must be online or offline` };
    return { ok: true, club, table, msg: { leaf, online: text === "online" } };
  }
  if (leaf !== "events" && leaf !== "state" && leaf !== "ended" && leaf !== "start")
    return { ok: false, ...from, why: `${topic}: unknown topic` };
  const parsed = parseBoundedJson(text, leaf === "start" ? START_LIMITS : LIMITS, "payload");
  if (!parsed.ok) return { ok: false, ...from, why: `${topic}: ${parsed.error.message}` };
  const body = checked(ClubSchemas[leaf], parsed.value);
  if (typeof body === "string") return { ok: false, ...from, why: `${topic}: ${body}` };
  return { ok: true, club, table, msg: { leaf, body } as TableMessage };
}
