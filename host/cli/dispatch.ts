/**
 * The `quarterdeck` command line's dispatcher (docs/reference/cli.md), over a list of command rows (`commands/index.ts`
 * for the whole command line, main.ts; the start row alone for the start's own bundle, start-main.ts): finds
 * the row for the words given, parses its options with `node:util` parseArgs, answers `--help` and `--version`,
 * and keeps stack traces away from users. Bad usage exits 2 with the error JSON on stdout and the usage on stderr.
 */
import { parseArgs } from "node:util";
import { markStartup } from "../startup-marks.ts";
import { packageVersion } from "../version.ts";
import { COMMON_OPTIONS, type CommandSpec, commandHelp } from "./command-spec.ts";
import { type CommandResult, printJson, readAllStdin } from "./io.ts";

/** The overall usage: one synopsis line per command. */
export function usage(commands: readonly CommandSpec[]): string {
  return `quarterdeck — the smart naval-wargame table

${commands.map((c) => `  ${c.synopsis}`).join("\n")}
  quarterdeck --version
  quarterdeck COMMAND --help      a command's options
`;
}

/** The row whose words start argv (the longest such), if any. */
export function findCommand(argv: readonly string[], commands: readonly CommandSpec[]): CommandSpec | undefined {
  let best: CommandSpec | undefined;
  for (const c of commands) {
    const words = c.name.split(" ");
    if (words.every((w, i) => argv[i] === w) && words.length > (best?.name.split(" ").length ?? 0)) best = c;
  }
  return best;
}

function usageError(message: string, path: string, usageText: string): CommandResult {
  return {
    code: 2,
    stdout: printJson({ ok: false, error: { code: "input.invalid", message, path } }),
    stderr: usageText,
  };
}

/** Runs one command line to completion (long-running `start` resolves when the host stops). */
export async function runCli(argv: readonly string[], commands: readonly CommandSpec[]): Promise<CommandResult> {
  const [first, second] = argv;
  if (first === undefined || first === "--help" || first === "-h") return { code: 0, stdout: usage(commands) };
  if (first === "--version" || first === "-V") return { code: 0, stdout: `quarterdeck ${packageVersion()}\n` };
  if (first === "help") {
    const spec = findCommand(argv.slice(1), commands);
    if (second === undefined) return { code: 0, stdout: usage(commands) };
    return spec ? { code: 0, stdout: commandHelp(spec) } : usageError(`Unknown command "${second}".`, "argv[1]", usage(commands));
  }
  const spec = findCommand(argv, commands);
  if (!spec) {
    const words = argv
      .filter((a) => !a.startsWith("-"))
      .slice(0, 2)
      .join(" ");
    const what = first.startsWith("-") ? `Unknown option "${first}"` : `Unknown command "${words}"`;
    return usageError(`${what}.`, "argv[0]", usage(commands));
  }
  const rest = argv.slice(spec.name.split(" ").length);
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...spec.options, ...COMMON_OPTIONS },
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (e) {
    return usageError(`${(e as Error).message.replace(/\.$/, "")}.`, "argv", commandHelp(spec));
  }
  if (parsed.values.help === true) return { code: 0, stdout: commandHelp(spec) };
  const extra = parsed.positionals[spec.maxPositionals ?? 0];
  if (extra !== undefined) return usageError(`Unexpected argument "${extra}".`, "argv", commandHelp(spec));
  return spec.run({ values: parsed.values, positionals: parsed.positionals, io: { readStdin: readAllStdin } });
}

/** Runs one command line and writes its result to stdout, stderr and the exit code (the process's entry). */
export async function main(argv: readonly string[], commands: readonly CommandSpec[]): Promise<void> {
  markStartup("cli");
  try {
    const result = await runCli(argv, commands);
    if (result.stdout) process.stdout.write(result.stdout);
    if (result.stderr) process.stderr.write(result.stderr);
    process.exitCode = result.code;
  } catch (e) {
    process.stdout.write(printJson({ ok: false, error: { code: "internal", message: (e as Error).message, path: "" } }));
    process.exitCode = 1;
  }
}
