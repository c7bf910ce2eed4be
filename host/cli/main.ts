/**
 * The `quarterdeck` command line (CONTRACT §1). Each command lives in `commands/`; this file only parses
 * arguments, dispatches, and keeps stack traces away from users.
 */
import { parseArgs } from "node:util";
import { badInput, type CommandResult, printJson, readAllStdin } from "./io.ts";

const USAGE = `quarterdeck — the smart naval-wargame table

  quarterdeck start [--config FILE] [--sim] [--scenario NAME] [--port N] [--host ADDR] [--data DIR]
  quarterdeck rulesets [--json]
  quarterdeck plan --ruleset ID [--data FILE]     < request.json
  quarterdeck odds --ruleset ID [--data FILE]     < request.json
  quarterdeck resolve --ruleset ID [--data FILE]  < request.json
      (--data: the rule set's data file, e.g. a club's quickfire combat chart, YAML or JSON)
  quarterdeck decode FAMILY HEX...  (pixels, pixels-advert, godice, pn532, hid-wedge, bridge)
  quarterdeck devices scan [--seconds N]
  quarterdeck replay DBFILE [--to N] [--report FILE]
  quarterdeck club --broker URL | --embedded-broker [--port N] [--data DIR]   (quarterdeck club --help)
`;

const OPTIONS = {
  ruleset: { type: "string" },
  json: { type: "boolean" },
  config: { type: "string" },
  sim: { type: "boolean" },
  scenario: { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  data: { type: "string" },
  seconds: { type: "string" },
  to: { type: "string" },
  report: { type: "string" },
  help: { type: "boolean", short: "h" },
  broker: { type: "string" },
  "embedded-broker": { type: "boolean" },
  "mqtt-host": { type: "string" },
  "mqtt-port": { type: "string" },
  accounts: { type: "string" },
  club: { type: "string" },
  ca: { type: "string" },
  cert: { type: "string" },
  key: { type: "string" },
} as const;

/** Runs one command line to completion (long-running `start` resolves when the host stops). */
export async function runCli(argv: readonly string[]): Promise<CommandResult> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    return badInput({ code: "input.invalid", message: `${(e as Error).message}.`, path: "argv" });
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const io = { readStdin: readAllStdin };
  switch (command) {
    case undefined:
    case "help":
      return { code: 0, stdout: USAGE };
    case "rulesets":
      return (await import("./commands/rules.ts")).listRuleSets(values.json === true);
    case "plan":
    case "odds":
    case "resolve":
      return (await import("./commands/rules.ts")).runRulesCommand(command, values.ruleset, io, values.data);
    case "decode":
      return (await import("./commands/decode.ts")).runDecode(rest);
    case "devices":
      return (await import("./commands/devices.ts")).runDevices(rest, values);
    case "replay":
      return (await import("./commands/replay.ts")).runReplay(rest, values);
    case "club": {
      const club = await import("./commands/club.ts");
      return values.help ? { code: 0, stdout: club.CLUB_USAGE } : club.runClub(values);
    }
    case "start":
      return (await import("./commands/start.ts")).runStart(values);
    default:
      return badInput({ code: "input.invalid", message: `Unknown command "${command}".\n${USAGE}`, path: "argv[0]" });
  }
}

/** Entry point used by bin/quarterdeck.mjs. */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const result = await runCli(argv);
    if (result.stdout) process.stdout.write(result.stdout);
    if (result.stderr) process.stderr.write(result.stderr);
    process.exitCode = result.code;
  } catch (e) {
    process.stdout.write(printJson({ ok: false, error: { code: "internal", message: (e as Error).message, path: "" } }));
    process.exitCode = 1;
  }
}
