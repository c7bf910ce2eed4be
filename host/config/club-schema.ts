/**
 * The table file's `club` section (docs/reference/table-file.md/§6): which MQTT broker the table reports to, under which club
 * and table ids, and how it proves who it is (username/password or a client certificate, TLS with `mqtts://`).
 */
import { type Static, Type } from "@sinclair/typebox";

/** Club and table ids appear in MQTT topics: lower-case letters, digits and `-`. */
export const TOPIC_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const ClubSchema = Type.Object(
  {
    /** `mqtt://host:1883` or `mqtts://host:8883`. */
    broker: Type.String({ minLength: 1, maxLength: 500 }),
    club: Type.String({ maxLength: 64 }),
    table: Type.String({ maxLength: 64 }),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    password: Type.Optional(Type.String({ maxLength: 500 })),
    /** PEM files, relative to the table file: the broker's CA, and this table's certificate and key. */
    ca: Type.Optional(Type.String({ minLength: 1 })),
    cert: Type.Optional(Type.String({ minLength: 1 })),
    key: Type.Optional(Type.String({ minLength: 1 })),
    /** Who plays each side tonight, for the club's league: `{ "English": ["Ann"], "Dutch": ["Bo", "Cy"] }`. */
    players: Type.Optional(
      Type.Record(Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 8 })),
    ),
  },
  { additionalProperties: false },
);

export type ClubConfig = Static<typeof ClubSchema>;

/** What the schema cannot say: the broker's scheme and the ids' alphabet. Returns the first problem's key and message. */
export function clubProblem(c: ClubConfig): { key: string; message: string } | null {
  let url: URL | null = null;
  try {
    url = new URL(c.broker);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "mqtt:" && url.protocol !== "mqtts:") || url.hostname === "")
    return {
      key: "broker",
      message: `must be a broker URL like "mqtt://club-pc.local:1883" or "mqtts://…"; got ${JSON.stringify(c.broker)}`,
    };
  for (const key of ["club", "table"] as const) {
    if (!TOPIC_ID.test(c[key]))
      return { key, message: `must be lower-case letters, digits and "-" (it is part of MQTT topics); got ${JSON.stringify(c[key])}` };
  }
  if ((c.cert === undefined) !== (c.key === undefined))
    return { key: c.cert ? "key" : "cert", message: "a client certificate needs both cert and key" };
  if ((c.ca || c.cert) && url.protocol !== "mqtts:")
    return { key: "broker", message: "ca/cert/key are for TLS: use an mqtts:// broker URL" };
  return null;
}
