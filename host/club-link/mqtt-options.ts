/** The table's MQTT connection options from its `club` section: identity, last will, credentials, TLS. */
import { readFileSync } from "node:fs";
import type { IClientOptions } from "mqtt";
import type { ClubConfig } from "../config/club-schema.ts";

/** `quarterdeck/<club>/<table>/<leaf>` (docs/reference/mqtt.md). */
export const tableTopic = (
  c: Pick<ClubConfig, "club" | "table">,
  leaf: "events" | "state" | "status" | "ended" | "start" | "request",
): string => `quarterdeck/${c.club}/${c.table}/${leaf}`;

/**
 * Connection options: a fixed client id per table, a retained `offline` last will, a quick reconnect, and the
 * PEM files read now (a missing file was already reported by the config loader).
 */
export function clubClientOptions(c: ClubConfig): IClientOptions {
  const pem = (file: string | undefined) => (file === undefined ? undefined : readFileSync(file));
  return {
    clientId: `quarterdeck-${c.club}-${c.table}`,
    clean: true,
    keepalive: 15,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    queueQoSZero: false,
    ...(c.username !== undefined ? { username: c.username } : {}),
    ...(c.password !== undefined ? { password: c.password } : {}),
    ...(c.ca !== undefined ? { ca: pem(c.ca) } : {}),
    ...(c.cert !== undefined ? { cert: pem(c.cert) } : {}),
    ...(c.key !== undefined ? { key: pem(c.key) } : {}),
    rejectUnauthorized: true,
    will: { topic: tableTopic(c, "status"), payload: Buffer.from("offline"), qos: 1, retain: true },
  };
}

/**
 * A broker URL as it may be written to the log or the screen: a password in it (`mqtt://table-3:secret@club-pc`)
 * becomes `***`. A text that is no URL is cut to its part after any `user:password@`.
 */
export function brokerForLog(broker: string): string {
  try {
    const u = new URL(broker);
    if (u.password === "") return broker;
    u.password = "***";
    return u.toString().replace(/\/$/, broker.endsWith("/") ? "/" : "");
  } catch {
    return broker.replace(/\/\/[^@/]*@/, "//***@");
  }
}
