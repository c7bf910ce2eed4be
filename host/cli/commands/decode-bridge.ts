/**
 * `quarterdeck decode bridge HEX…` — decodes bytes from the bridge firmware's serial line (the NFC sysex
 * extension; other Firmata traffic is skipped) and prints the messages as JSON. Malformed NFC messages and a
 * message cut off at the end are listed under `rejected` and make it exit 2 with `decode.rejected`, as the other
 * families do.
 */
import { encodeBridgeMessage } from "../../../devices/bridge/messages.ts";
import { BridgeStreamDecoder } from "../../../devices/bridge/stream.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

/** Decodes hex arguments (spaces, colons and `0x` prefixes allowed; arguments are concatenated as one stream). */
export function decodeBridge(hex: string[]): CommandResult {
  const bytes: number[] = [];
  for (const [i, arg] of hex.entries()) {
    const clean = arg.replace(/0x/gi, "").replace(/[\s:,-]/g, "");
    if (!/^([0-9a-f]{2})*$/i.test(clean)) {
      return badInput({ code: "input.invalid", message: `"${arg}" is not hex bytes (e.g. F00E0102…F7).`, path: `argv[${i + 2}]` });
    }
    for (let k = 0; k < clean.length; k += 2) bytes.push(Number.parseInt(clean.slice(k, k + 2), 16));
  }
  if (bytes.length === 0) {
    return badInput({ code: "input.invalid", message: "Give the bytes to decode as hex, e.g. F00E010207…F7.", path: "argv[2]" });
  }
  const messages: unknown[] = [];
  const rejected: Array<{ reason: string; bytes: string }> = [];
  const decoder = new BridgeStreamDecoder(
    (m) => messages.push({ ...m, bytes: Buffer.from(encodeBridgeMessage(m)).toString("hex").toUpperCase() }),
    (reason, raw) => rejected.push({ reason, bytes: Buffer.from(raw).toString("hex").toUpperCase() }),
  );
  const input = Uint8Array.from(bytes);
  decoder.push(input);
  if (decoder.pending > 0) {
    rejected.push({
      reason: "incomplete",
      bytes: Buffer.from(input.subarray(input.length - decoder.pending))
        .toString("hex")
        .toUpperCase(),
    });
  }
  const body = { family: "bridge", messages, rejected };
  if (rejected.length === 0) return { code: 0, stdout: printJson({ ok: true, ...body }) };
  const message = `${rejected.length} part(s) of the input are not valid bridge messages (${rejected.map((r) => r.reason).join("; ")}).`;
  return { code: 2, stdout: printJson({ ok: false, error: { code: "decode.rejected", message, path: "argv[2]" }, ...body }) };
}
