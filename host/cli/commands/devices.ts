import type { CommandResult } from "../io.ts";

/** `quarterdeck devices scan` — built by the device layer. */
export async function runDevices(_args: readonly string[], _values: Record<string, unknown>): Promise<CommandResult> {
  return { code: 1, stdout: "", stderr: "devices is not implemented yet\n" };
}
