/**
 * `quarterdeck decode bridge HEX…` — decodes bytes from the bridge firmware's serial line (the NFC sysex
 * extension; other Firmata traffic is skipped) and prints the messages as JSON.
 */
import { encodeBridgeMessage } from "../../../firmware-bridge/codec/messages.ts";
import { BridgeStreamDecoder } from "../../../firmware-bridge/codec/stream.ts";
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
  const rejected: unknown[] = [];
  const decoder = new BridgeStreamDecoder(
    (m) => messages.push({ ...m, bytes: Buffer.from(encodeBridgeMessage(m)).toString("hex").toUpperCase() }),
    (reason, raw) => rejected.push({ reason, bytes: Buffer.from(raw).toString("hex").toUpperCase() }),
  );
  decoder.push(Uint8Array.from(bytes));
  return { code: 0, stdout: printJson({ ok: true, family: "bridge", messages, rejected }) };
}
