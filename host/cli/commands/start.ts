import type { CommandResult } from "../io.ts";

/** `quarterdeck start` — built by the table host. */
export async function runStart(_values: Record<string, unknown>): Promise<CommandResult> {
  return { code: 1, stdout: "", stderr: "start is not implemented yet\n" };
}
