/**
 * `quarterdeck decode FAMILY HEX…` (docs/reference/cli.md): raw device bytes to JSON, for people debugging hardware.
 * pn532 and hid-wedge are decoded here; the dice families and the bridge by their own modules, loaded lazily
 * so a broken one cannot take the others down.
 */
import { KeyboardWedgeDecoder, keyChar } from "../../../devices/hid/keyboard.ts";
import { describeFrame } from "../../../devices/nfc/pn532/describe.ts";
import { hex } from "../../../devices/nfc/pn532/frame.ts";
import { Pn532Parser } from "../../../devices/nfc/pn532/parser.ts";
import { normaliseUid } from "../../../devices/nfc/presence.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

export const DECODE_FAMILIES = ["pixels", "pixels-advert", "godice", "pn532", "hid-wedge", "bridge"] as const;

/** Parses each argument as hex bytes (spaces, colons, dashes and 0x allowed); commas split messages. */
export function parseHexArgs(args: readonly string[]): { ok: true; messages: Uint8Array[] } | { ok: false; result: CommandResult } {
  const messages: Uint8Array[] = [];
  for (const [i, arg] of args.entries()) {
    for (const part of arg.split(",")) {
      const clean = part.replace(/0x/gi, "").replace(/[\s:-]/g, "");
      if (clean === "" && arg.includes(",")) continue;
      if (!/^([0-9a-f]{2})+$/i.test(clean)) {
        const message = `"${arg}" is not whole bytes of hex (write e.g. 00 00 FF 00 FF 00 or 0000FF00FF00).`;
        return { ok: false, result: badInput({ code: "input.invalid", message, path: `argv[${i + 2}]` }) };
      }
      messages.push(Uint8Array.from(clean.match(/../g) ?? [], (h) => Number.parseInt(h, 16)));
    }
  }
  if (messages.length === 0) {
    return { ok: false, result: badInput({ code: "input.invalid", message: "Give the bytes to decode as hex.", path: "argv[2]" }) };
  }
  return { ok: true, messages };
}

const unavailable = (family: string, why: string): CommandResult => ({
  code: 1,
  stdout: printJson({
    ok: false,
    error: { code: "decode.unavailable", message: `The ${family} decoder is not available: ${why}.`, path: "argv[1]" },
  }),
});

export async function runDecode(args: readonly string[]): Promise<CommandResult> {
  const [family, ...hexArgs] = args;
  if (!family || !(DECODE_FAMILIES as readonly string[]).includes(family)) {
    const message = `${family ? `Unknown family "${family}"` : "Name a family"}: one of ${DECODE_FAMILIES.join(", ")}.`;
    return badInput({ code: "input.invalid", message, path: "argv[1]" });
  }
  if (family === "bridge") {
    try {
      return (await import("./decode-bridge.ts")).decodeBridge([...hexArgs]);
    } catch (e) {
      return unavailable(family, (e as Error).message);
    }
  }
  if (family !== "pn532" && family !== "hid-wedge") {
    try {
      const result = (await import("./decode-dice.ts")).decodeDice(family, [...hexArgs]);
      return result ?? unavailable(family, "the dice decoders do not know it");
    } catch (e) {
      return unavailable(family, (e as Error).message);
    }
  }
  const parsed = parseHexArgs(hexArgs);
  if (!parsed.ok) return parsed.result;
  return family === "pn532" ? decodePn532(parsed.messages) : decodeWedge(parsed.messages);
}

/** All arguments form one byte stream, as it came off the UART (chunk boundaries do not matter). */
function decodePn532(chunks: Uint8Array[]): CommandResult {
  const parser = new Pn532Parser();
  const frames: Record<string, unknown>[] = [];
  const rejected: Record<string, unknown>[] = [];
  for (const chunk of chunks) {
    const r = parser.feed(chunk);
    frames.push(...r.frames.map(describeFrame));
    rejected.push(...r.rejected.map((x) => ({ reason: x.reason, bytes: x.bytes })));
  }
  if (parser.pending > 0) rejected.push({ reason: "incomplete", bytes: parser.pending });
  const body = { family: "pn532", frames, rejected };
  if (rejected.length === 0) return { code: 0, stdout: printJson({ ok: true, ...body }) };
  const message = `${rejected.length} part(s) of the input are not valid PN532 frames (${rejected.map((r) => r.reason).join(", ")}).`;
  return { code: 2, stdout: printJson({ ok: false, error: { code: "decode.rejected", message, path: "argv[2]" }, ...body }) };
}

const MODIFIERS = ["LCtrl", "LShift", "LAlt", "LGUI", "RCtrl", "RShift", "RAlt", "RGUI"];

/** Each message is one boot report (8 bytes, or 9 with a report id); a longer run of 8·n bytes is n reports. */
function decodeWedge(messages: Uint8Array[]): CommandResult {
  const reports = messages.flatMap((m) =>
    m.length === 9 || m.length % 8 !== 0 ? [m] : Array.from({ length: m.length / 8 }, (_, i) => m.subarray(i * 8, i * 8 + 8)),
  );
  const decoder = new KeyboardWedgeDecoder();
  const rows: Record<string, unknown>[] = [];
  const lines: string[] = [];
  for (const r of reports) {
    const { lines: done, rejected } = decoder.feed(r);
    const body = r.length === 9 ? r.subarray(1) : r;
    const shift = ((body[0] ?? 0) & 0x22) !== 0;
    rows.push({
      hex: hex(r),
      ...(rejected ? { rejected } : {}),
      modifiers: MODIFIERS.filter((_, bit) => ((body[0] ?? 0) >> bit) & 1),
      keys: [...body.subarray(2)]
        .filter((k) => k !== 0)
        .map((k) => (k === 0x28 || k === 0x58 ? "Enter" : (keyChar(k, shift) ?? `0x${k.toString(16)}`))),
    });
    lines.push(...done);
  }
  const uids = lines.map((l) => normaliseUid(l));
  const body = { family: "hid-wedge", reports: rows, lines, uids };
  const bad = rows.findIndex((r) => r.rejected);
  if (bad < 0) return { code: 0, stdout: printJson({ ok: true, ...body }) };
  const message = `Report ${bad + 1} is not an 8-byte (or 9-byte, with report id) keyboard report.`;
  return { code: 2, stdout: printJson({ ok: false, error: { code: "decode.rejected", message, path: `hex[${bad}]` }, ...body }) };
}
