/**
 * `quarterdeck start` (CONTRACT §1): loads the table (a config file, or the demo scenario with every device
 * emulated), opens the store in the data dir, composes the table, serves it, and prints the display URL.
 * Runs until SIGINT/SIGTERM.
 */
import { join, resolve } from "node:path";
import pino from "pino";
import { composeTable } from "../../compose.ts";
import { loadScenario, loadTableFile, type TableSetup } from "../../config/load.ts";
import { buildApp } from "../../server/app.ts";
import { loadOrCreateToken } from "../../server/auth.ts";
import { badInput, type CommandResult } from "../io.ts";

export const DEFAULT_PORT = 7420;
export const DEFAULT_SCENARIO = "sole-bay-1672";

interface StartValues {
  config?: string | undefined;
  sim?: boolean | undefined;
  scenario?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  data?: string | undefined;
}

function setupFrom(v: StartValues) {
  if (v.config === undefined) return loadScenario(v.scenario ?? DEFAULT_SCENARIO);
  const loaded = loadTableFile(v.config);
  if (!loaded.ok || !v.sim) return loaded;
  return { ok: true as const, value: { ...loaded.value, devices: null } satisfies TableSetup };
}

export async function runStart(values: StartValues): Promise<CommandResult> {
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return badInput({ code: "input.invalid", message: `--port must be a port number; got "${values.port}".`, path: "--port" });
  }
  const host = values.host ?? "127.0.0.1";
  const setup = setupFrom(values);
  if (!setup.ok) return badInput(setup.error);
  const dataDir = resolve(values.data ?? "data");
  const logger = pino({ level: process.env.LOG_LEVEL ?? "info" }, pino.destination(2));
  const token = loadOrCreateToken(dataDir);
  const table = await composeTable({ setup: setup.value, dbFile: join(dataDir, "quarterdeck.sqlite"), logger, sim: values.sim === true });
  if (!table.ok) return badInput(table.error);
  const app = await buildApp({ table: table.value, logger, token });
  try {
    await app.listen({ port, host });
  } catch (e) {
    await table.value.close();
    return { code: 1, stdout: "", stderr: `Cannot listen on ${host}:${port}: ${(e as Error).message}\n` };
  }
  const address = app.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${shown}:${actualPort}/`;
  const s = table.value.session;
  process.stdout.write(
    `quarterdeck — ${setup.value.title} (${s.rs.id}), ${s.records.length} actions resolved so far\n` +
      `Display:  ${url}\nControl:  ${url}control\nDevices:  ${url}devices\n` +
      `Token for phones and tablets (needed beyond this machine): ${token}\n` +
      `Game saved in ${join(dataDir, "quarterdeck.sqlite")}\n` +
      (setup.value.club
        ? `Club: reporting to ${setup.value.club.broker.replace(/\/\/[^@/]*@/, "//***@")} as ${setup.value.club.club}/${setup.value.club.table} (play never waits for the broker)\n`
        : ""),
  );
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await app.close();
  await table.value.close();
  return { code: 0, stdout: "" };
}
