/**
 * `quarterdeck club --broker URL | --embedded-broker [--port N] [--host ADDR] [--data DIR]` (docs/reference/{cli.md,request-result.md,rulesets.md,http-api.md,table-file.md,mqtt.md}):
 * the club board. Subscribes to every table of the club on the broker (or runs the broker itself), keeps each
 * record once in `<data>/club.sqlite`, serves `/club` and `/club/league`. Runs until SIGINT/SIGTERM.
 */
import { join, resolve } from "node:path";
import { Type } from "@sinclair/typebox";
import pino from "pino";
import { parseWith } from "../../../src/game/schema.ts";
import { type ClubBrokerChoice, startClubHost } from "../../club/club-host.ts";
import type { BrokerAccount } from "../../club/embedded-broker.ts";
import { buildClubApp } from "../../club/server.ts";
import { TOPIC_ID } from "../../config/club-schema.ts";
import { loadDataFile } from "../../config/data-file.ts";
import { badInput, type CommandResult } from "../io.ts";

export const DEFAULT_CLUB_PORT = 7430;

interface ClubValues {
  broker?: string | undefined;
  "embedded-broker"?: boolean | undefined;
  "mqtt-host"?: string | undefined;
  "mqtt-port"?: string | undefined;
  accounts?: string | undefined;
  club?: string | undefined;
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  data?: string | undefined;
}

const AccountsSchema = Type.Array(
  Type.Object(
    {
      username: Type.String({ minLength: 1 }),
      password: Type.String({ minLength: 1 }),
      table: Type.Optional(Type.String({ pattern: "^[a-z0-9-]+/[a-z0-9-]+$" })),
    },
    { additionalProperties: false },
  ),
  { maxItems: 1000 },
);

const portOf = (v: string | undefined, dflt: number, flag: string): number | string => {
  const n = v === undefined ? dflt : Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : `${flag} must be a port number; got "${v}".`;
};

function brokerChoice(v: ClubValues): ClubBrokerChoice | { error: string; path: string } {
  if ((v.broker === undefined) === (v["embedded-broker"] !== true))
    return { error: "Give either --broker URL (an external broker such as Mosquitto) or --embedded-broker.", path: "--broker" };
  if (v.broker !== undefined) {
    if (!/^mqtts?:\/\/\S+$/.test(v.broker))
      return { error: `--broker must be an mqtt:// or mqtts:// URL; got "${v.broker}".`, path: "--broker" };
    return {
      kind: "external",
      url: v.broker,
      ...(v.ca ? { ca: resolve(v.ca) } : {}),
      ...(v.cert ? { cert: resolve(v.cert) } : {}),
      ...(v.key ? { key: resolve(v.key) } : {}),
    };
  }
  const port = portOf(v["mqtt-port"], 1883, "--mqtt-port");
  if (typeof port === "string") return { error: port, path: "--mqtt-port" };
  let accounts: readonly BrokerAccount[] | undefined;
  if (v.accounts !== undefined) {
    const file = loadDataFile(v.accounts);
    if (!file.ok) return { error: file.error.message, path: file.error.path };
    const parsed = parseWith(AccountsSchema, file.value.value, "");
    if (!parsed.ok)
      return { error: `${file.value.locate(parsed.error.path)}: ${parsed.error.message}`, path: file.value.locate(parsed.error.path) };
    accounts = parsed.value;
  }
  return { kind: "embedded", host: v["mqtt-host"] ?? "127.0.0.1", port, ...(accounts ? { accounts } : {}) };
}

export async function runClub(v: ClubValues): Promise<CommandResult> {
  const choice = brokerChoice(v);
  if ("error" in choice) return badInput({ code: "input.invalid", message: choice.error, path: choice.path });
  const port = portOf(v.port, DEFAULT_CLUB_PORT, "--port");
  if (typeof port === "string") return badInput({ code: "input.invalid", message: port, path: "--port" });
  if (v.club !== undefined && !TOPIC_ID.test(v.club))
    return badInput({
      code: "input.invalid",
      message: `--club must be lower-case letters, digits and "-"; got "${v.club}".`,
      path: "--club",
    });
  const host = v.host ?? "127.0.0.1";
  const dataDir = resolve(v.data ?? "data");
  const logger = pino({ level: process.env.LOG_LEVEL ?? "info" }, pino.destination(2));
  let club: Awaited<ReturnType<typeof startClubHost>>;
  try {
    club = await startClubHost({ broker: choice, dbFile: join(dataDir, "club.sqlite"), club: v.club, logger });
  } catch (e) {
    return { code: 1, stdout: "", stderr: `The club board cannot start: ${(e as Error).message}\n` };
  }
  const app = await buildClubApp(club, logger);
  try {
    await app.listen({ port, host });
  } catch (e) {
    await club.close();
    return { code: 1, stdout: "", stderr: `Cannot listen on ${host}:${port}: ${(e as Error).message}\n` };
  }
  const addr = app.server.address();
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const url = `http://${shown}:${typeof addr === "object" && addr ? addr.port : port}`;
  const broker = club.embedded
    ? `embedded, ${club.embedded.url}`
    : choice.kind === "external"
      ? choice.url.replace(/\/\/[^@/]*@/, "//***@")
      : "";
  process.stdout.write(
    `quarterdeck club — broker: ${broker}\nBoard:   ${url}/club\nLeague:  ${url}/club/league\nRecords kept in ${join(dataDir, "club.sqlite")}\n`,
  );
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  await app.close();
  await club.close();
  return { code: 0, stdout: "" };
}
