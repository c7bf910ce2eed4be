/**
 * `quarterdeck start` (docs/reference/cli.md): loads the table (a config file, or the demo scenario with every device
 * emulated), opens the store in the data dir, composes the table, serves it, and prints the display URL.
 * Runs until SIGINT/SIGTERM.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import { brokerForLog } from "../../club-link/mqtt-options.ts";
import { composeTable } from "../../compose.ts";
import { loadScenario, loadTableFile, type TableSetup } from "../../config/load.ts";
import { buildApp } from "../../server/app.ts";
import { loadOrCreateToken } from "../../server/auth.ts";
import { pairing, qrTerminal } from "../../server/pairing.ts";
import { markStartup } from "../../startup-marks.ts";
import { fileProblem, lockDataDir } from "../../store/data-dir-lock.ts";
import { badInput, type CommandResult } from "../io.ts";
import { isLogLevel, LOG_LEVELS, makeLogger } from "../logger.ts";
import { exitSoonAfterStop, nextStopSignal, stopHost } from "../shutdown.ts";

export const DEFAULT_PORT = 7420;
export const DEFAULT_SCENARIO = "sole-bay-1672";

interface StartValues {
  config?: string | undefined;
  sim?: boolean | undefined;
  scenario?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  data?: string | undefined;
  "allow-host"?: string[] | undefined;
  "tls-cert"?: string | undefined;
  "tls-key"?: string | undefined;
  "sim-faults"?: string | undefined;
  logJson?: boolean | undefined;
  /** Default: $LOG_LEVEL, else info. */
  logLevel?: string | undefined;
}

type Tls = { cert: Buffer; key: Buffer };

/** The certificate and key for HTTPS, both or neither; an unreadable file names its flag. */
function tlsFrom(v: StartValues): { ok: true; value: Tls | undefined } | { ok: false; error: CommandResult } {
  const cert = v["tls-cert"];
  const key = v["tls-key"];
  if (cert === undefined && key === undefined) return { ok: true, value: undefined };
  if (cert === undefined || key === undefined) {
    const missing = cert === undefined ? "--tls-cert" : "--tls-key";
    return {
      ok: false,
      error: badInput({
        code: "input.invalid",
        message: `HTTPS needs both --tls-cert and --tls-key; ${missing} is missing.`,
        path: missing,
      }),
    };
  }
  const read = (file: string, flag: string): Buffer | CommandResult => {
    try {
      return readFileSync(file);
    } catch (e) {
      return badInput({
        code: "input.invalid",
        message: `${flag}: cannot read ${file} (${(e as NodeJS.ErrnoException).code}).`,
        path: flag,
      });
    }
  };
  const c = read(cert, "--tls-cert");
  if (!Buffer.isBuffer(c)) return { ok: false, error: c };
  const k = read(key, "--tls-key");
  if (!Buffer.isBuffer(k)) return { ok: false, error: k };
  return { ok: true, value: { cert: c, key: k } };
}

/** The names the table answers to besides loopback names and IP addresses: this machine's, --host's, --allow-host's. */
function hostNames(v: StartValues, host: string): string[] {
  const me = hostname().toLowerCase();
  return [me, me.endsWith(".local") ? me : `${me}.local`, host, ...(v["allow-host"] ?? [])];
}

function setupFrom(v: StartValues, simKind: string | undefined) {
  if (simKind === "empty") {
    // `--sim empty`: the table (the scenario's, or the file's) with no devices on it and the demo's emulated ones
    // within reach, to be found and added from /devices as real ones are — no table file to type
    const base = v.config === undefined ? loadScenario(v.scenario ?? DEFAULT_SCENARIO) : loadTableFile(v.config);
    if (!base.ok) return base;
    return { ok: true as const, value: { ...base.value, devices: {}, devicesSection: true } satisfies TableSetup };
  }
  if (v.config === undefined) return loadScenario(v.scenario ?? DEFAULT_SCENARIO);
  const loaded = loadTableFile(v.config);
  // with --sim, a file with a `devices` section plays it (and the devices added from /devices) over the emulated
  // world; a file without one plays the demo's emulated devices
  if (!loaded.ok || !v.sim || loaded.value.devicesSection) return loaded;
  return { ok: true as const, value: { ...loaded.value, devices: null } satisfies TableSetup };
}

export async function runStart(values: StartValues, rest: readonly string[] = []): Promise<CommandResult> {
  markStartup("imported");
  const [simKind, ...extra] = rest;
  if (extra.length > 0 || (simKind !== undefined && ((simKind !== "hci" && simKind !== "empty") || values.sim !== true))) {
    return badInput({
      code: "input.invalid",
      message: `start takes no argument "${rest.join(" ")}" (did you mean --sim hci or --sim empty?).`,
      path: "argv",
    });
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return badInput({ code: "input.invalid", message: `--port must be a port number; got "${values.port}".`, path: "--port" });
  }
  const faults = values["sim-faults"] === undefined ? 0 : Number(values["sim-faults"]);
  if (!Number.isFinite(faults) || faults < 0 || faults > 0.5) {
    return badInput({
      code: "input.invalid",
      message: `--sim-faults must be a rate from 0 to 0.5; got "${values["sim-faults"]}".`,
      path: "--sim-faults",
    });
  }
  const host = values.host ?? "127.0.0.1";
  const tls = tlsFrom(values);
  if (!tls.ok) return tls.error;
  const setup = setupFrom(values, simKind);
  if (!setup.ok) return badInput(setup.error);
  markStartup("table file read");
  const dataDir = resolve(values.data ?? "data");
  const level = values.logLevel ?? process.env.LOG_LEVEL ?? "info";
  if (!isLogLevel(level)) {
    return badInput({
      code: "input.invalid",
      message: `--log-level must be one of ${LOG_LEVELS.join(", ")}; got "${level}".`,
      path: "--log-level",
    });
  }
  // one host per data directory: a second one would write the same game and show another
  const locked = lockDataDir(dataDir);
  if (!locked.ok) return badInput({ code: locked.code, message: locked.message, path: locked.file });
  try {
    const logger = await makeLogger({ level, json: values.logJson === true });
    return await serve(values, setup.value, logger, {
      dataDir,
      port,
      host,
      tls: tls.value,
      simFaults: faults,
      simDiceOverHci: simKind === "hci",
    });
  } finally {
    locked.lock.release();
  }
}

interface ServeOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  readonly tls: Tls | undefined;
  readonly simFaults: number;
  readonly simDiceOverHci: boolean;
}

async function serve(values: StartValues, setup: TableSetup, logger: Logger, o: ServeOptions): Promise<CommandResult> {
  const { dataDir, port, host, tls } = o;
  let token: string;
  try {
    token = loadOrCreateToken(dataDir);
  } catch (e) {
    const file = join(dataDir, "token");
    return badInput({ code: "store.unwritable", message: `The access token ${file} cannot be written: ${fileProblem(e)}.`, path: file });
  }
  const table = await composeTable({
    setup,
    dbFile: join(dataDir, "quarterdeck.sqlite"),
    logger,
    sim: values.sim === true,
    simDiceOverHci: o.simDiceOverHci,
    simFaults: o.simFaults,
    // the host listens first; its devices connect after (below), each showing in health as it does
    devicesLater: true,
  });
  if (!table.ok) return badInput(table.error);
  markStartup("table composed");
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ table: table.value, logger, token, hosts: hostNames(values, host), ...(tls ? { https: tls } : {}) });
    markStartup("app built");
    await app.listen({ port, host });
    markStartup("listening");
  } catch (e) {
    await table.value.close();
    return { code: 1, stdout: "", stderr: `Cannot listen on ${host}:${port}: ${(e as Error).message}\n` };
  }
  // the stop signals are ours before the banner says the table is up: a SIGTERM sent on reading it stops the host
  // by its stop steps, not by the default action that ends the process there and then
  const stopSignal = nextStopSignal();
  const address = app.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `${tls ? "https" : "http"}://${shown}:${actualPort}/`;
  const s = table.value.session;
  const pair = typeof address === "object" && address ? pairing(address, tls !== undefined, token) : null;
  process.stdout.write(
    `quarterdeck — ${s.setup.title} (${s.rs.id}), ${s.records.length} actions resolved so far\n` +
      `Display:  ${url}\nControl:  ${url}control\nDevices:  ${url}devices\nGames:    ${url}games (new game, resume, end, reports)\n` +
      `Token for phones and tablets (needed beyond this machine): ${token}\n` +
      `Game saved in ${join(dataDir, "quarterdeck.sqlite")}\n` +
      (setup.club
        ? `Club: reporting to ${brokerForLog(setup.club.broker)} as ${setup.club.club}/${setup.club.table} (play never waits for the broker)\n`
        : ""),
  );
  table.value.startDevices();
  // a phone can pair only when the host listens beyond this machine
  if (pair?.reachable) process.stdout.write(`Pair a phone: scan this with its camera\n${await qrTerminal(pair.url)}`);
  const signal = await stopSignal;
  logger.info({ signal }, "stopping");
  await stopHost({ server: app, table: table.value }, logger);
  exitSoonAfterStop();
  return { code: 0, stdout: "" };
}
