import type { CommandResult } from "../io.ts";

/** `quarterdeck replay DBFILE` — built by the table host. */
export async function runReplay(_args: readonly string[], _values: Record<string, unknown>): Promise<CommandResult> {
  return { code: 1, stdout: "", stderr: "replay is not implemented yet\n" };
}
