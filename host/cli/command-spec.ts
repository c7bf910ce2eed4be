/**
 * What one `quarterdeck` command is, as the dispatcher sees it: its words, its usage text, its options for
 * `node:util` parseArgs, and a lazily loaded runner (so `--help` loads nothing heavy and starts nothing).
 */
import type { ParseArgsConfig } from "node:util";
import type { CommandIo, CommandResult } from "./io.ts";

/** Option values as parseArgs returns them (`multiple` options give arrays of strings). */
export type OptionValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

/** What a runner is handed: parsed options, the positionals after the command's words, and stdin. */
export interface CommandInput {
  readonly values: OptionValues;
  readonly positionals: readonly string[];
  readonly io: CommandIo;
}

export interface CommandSpec {
  /** The words that name it: `"rulesets"`, `"devices scan"`, `"data import-sail"`. */
  readonly name: string;
  /** One line for the overall usage. */
  readonly synopsis: string;
  /** The full `--help` text (after the synopsis). */
  readonly help: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  /** How many positionals may follow the command's words (default: none). */
  readonly maxPositionals?: number;
  /** Runs it; import the command's module inside, so that help and the other commands stay light. */
  readonly run: (input: CommandInput) => Promise<CommandResult>;
}

/** A string option's value, or undefined. */
export const str = (v: string | boolean | string[] | undefined): string | undefined => (typeof v === "string" ? v : undefined);

/** The `--help` text of one command. */
export const commandHelp = (spec: CommandSpec): string => `Usage: ${spec.synopsis}\n\n${spec.help.trimEnd()}\n`;

/** Options every command takes. */
export const COMMON_OPTIONS = { help: { type: "boolean", short: "h" } } as const satisfies ParseArgsConfig["options"];
