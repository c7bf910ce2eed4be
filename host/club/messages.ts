/**
 * Reads what tables publish (CONTRACT §6) with every size and shape bounded before anything is kept:
 * a topic `quarterdeck/<club>/<table>/<leaf>` and a JSON payload (or `online`/`offline` for `status`).
 */
import { TOPIC_ID } from "../config/club-schema.ts";

/** Larger payloads are dropped (a resolved action is a few KB). */
export const MAX_PAYLOAD = 64 * 1024;

export interface EventMessage {
  readonly game: string;
  readonly seq: number;
  readonly at: string;
  readonly ruleset: string;
  readonly kind: "resolved" | "undone";
  readonly undoes?: number;
  readonly summary: string;
  /** Each die: its value, its source, and whose slot it filled (side, rule colour, role) when the table says. */
  readonly dice: readonly ClubDie[];
  readonly [k: string]: unknown;
}

export interface ClubDie {
  readonly value: number;
  readonly source: string;
  readonly side?: string;
  readonly color?: string;
  readonly role?: string;
}

export interface EndedMessage {
  readonly game: string;
  readonly winner: string | null;
  readonly players: Readonly<Record<string, readonly string[]>>;
  readonly losses: Readonly<Record<string, number>>;
}

export type TableMessage =
  | { readonly leaf: "events"; readonly body: EventMessage }
  | { readonly leaf: "ended"; readonly body: EndedMessage }
  | { readonly leaf: "state"; readonly body: Readonly<Record<string, unknown>> }
  | { readonly leaf: "status"; readonly online: boolean };

export type Parsed = { ok: true; club: string; table: string; msg: TableMessage } | { ok: false; why: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 200): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

/** A die of an event, its words bounded: a label the table did not give is left out. */
function clubDie(d: Record<string, unknown>): ClubDie {
  const words = (["side", "color", "role"] as const).flatMap((k) => (str(d[k], 80) ? [[k, d[k]] as const] : []));
  return { value: Number(d.value), source: String(d.source ?? "").slice(0, 200), ...Object.fromEntries(words) };
}

function eventBody(b: Record<string, unknown>): EventMessage | string {
  if (!str(b.game, 64)) return "game must be a string of at most 64 characters";
  if (!Number.isSafeInteger(b.seq) || (b.seq as number) < 1) return "seq must be a positive integer";
  if (b.kind !== "resolved" && b.kind !== "undone") return 'kind must be "resolved" or "undone"';
  if (!Array.isArray(b.dice) || b.dice.length > 200) return "dice must be a list";
  const dice = b.dice.map((d): ClubDie => (isObj(d) ? clubDie(d) : { value: Number(d), source: "" }));
  return {
    ...b,
    game: b.game,
    seq: b.seq as number,
    at: typeof b.at === "string" ? b.at.slice(0, 40) : "",
    ruleset: typeof b.ruleset === "string" ? b.ruleset.slice(0, 64) : "",
    kind: b.kind,
    summary: typeof b.summary === "string" ? b.summary.slice(0, 500) : "",
    dice,
  };
}

function endedBody(b: Record<string, unknown>): EndedMessage | string {
  if (!str(b.game, 64)) return "game must be a string of at most 64 characters";
  if (b.winner !== null && b.winner !== undefined && !str(b.winner, 80)) return "winner must be a side or null";
  const players: Record<string, string[]> = {};
  if (isObj(b.players)) {
    for (const [side, names] of Object.entries(b.players).slice(0, 16)) {
      if (Array.isArray(names)) players[side.slice(0, 80)] = names.filter((n): n is string => str(n, 80)).slice(0, 8);
    }
  }
  const losses: Record<string, number> = {};
  if (isObj(b.losses)) for (const [side, n] of Object.entries(b.losses).slice(0, 16)) losses[side.slice(0, 80)] = Number(n) || 0;
  return { game: b.game, winner: (b.winner as string | null | undefined) ?? null, players, losses };
}

/** Parses one MQTT message; a bad one comes back with the reason (the host logs it and keeps going). */
export function parseTableMessage(topic: string, payload: Buffer): Parsed {
  const parts = topic.split("/");
  const [root, club = "", table = "", leaf = ""] = parts;
  if (parts.length !== 4 || root !== "quarterdeck" || !TOPIC_ID.test(club) || !TOPIC_ID.test(table))
    return { ok: false, why: `not a table topic: ${topic.slice(0, 200)}` };
  if (payload.length > MAX_PAYLOAD) return { ok: false, why: `${topic}: payload of ${payload.length} bytes is over ${MAX_PAYLOAD}` };
  const text = payload.toString("utf8");
  if (leaf === "status") {
    if (text !== "online" && text !== "offline") return { ok: false, why: `${topic}: status must be online or offline` };
    return { ok: true, club, table, msg: { leaf, online: text === "online" } };
  }
  if (leaf !== "events" && leaf !== "state" && leaf !== "ended") return { ok: false, why: `${topic}: unknown topic` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, why: `${topic}: payload is not JSON` };
  }
  if (!isObj(body)) return { ok: false, why: `${topic}: payload must be a JSON object` };
  if (leaf === "state") return { ok: true, club, table, msg: { leaf, body } };
  const parsed = leaf === "events" ? eventBody(body) : endedBody(body);
  if (typeof parsed === "string") return { ok: false, why: `${topic}: ${parsed}` };
  return {
    ok: true,
    club,
    table,
    msg: leaf === "events" ? { leaf, body: parsed as EventMessage } : { leaf, body: parsed as EndedMessage },
  };
}
