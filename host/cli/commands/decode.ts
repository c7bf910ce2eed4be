import type { CommandResult } from "../io.ts";

/** `quarterdeck decode FAMILY HEX…` — built by the device layer. */
export async function runDecode(_args: readonly string[]): Promise<CommandResult> {
  return { code: 1, stdout: "", stderr: "decode is not implemented yet\n" };
}
