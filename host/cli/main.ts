/**
 * The `quarterdeck` command line (docs/reference/cli.md): every command of `commands/index.ts`, dispatched by
 * dispatch.ts. bin/quarterdeck.mjs runs it through entry.ts (the start alone through start-main.ts).
 */
import type { CommandSpec } from "./command-spec.ts";
import { COMMANDS } from "./commands/index.ts";
import * as dispatch from "./dispatch.ts";
import type { CommandResult } from "./io.ts";

/** The overall usage: one synopsis line per command. */
export const usage = (commands: readonly CommandSpec[] = COMMANDS): string => dispatch.usage(commands);

/** The row whose words start argv (the longest such), if any. */
export const findCommand = (argv: readonly string[], commands: readonly CommandSpec[] = COMMANDS): CommandSpec | undefined =>
  dispatch.findCommand(argv, commands);

/** Runs one command line to completion (long-running `start` resolves when the host stops). */
export const runCli = (argv: readonly string[], commands: readonly CommandSpec[] = COMMANDS): Promise<CommandResult> =>
  dispatch.runCli(argv, commands);

/** Entry point of entry.ts: any command. */
export const main = (argv: readonly string[]): Promise<void> => dispatch.main(argv, COMMANDS);
