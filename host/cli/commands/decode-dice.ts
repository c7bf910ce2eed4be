/**
 * `quarterdeck decode pixels|pixels-advert|godice HEX…` (docs/reference/cli.md): raw dice bytes to JSON, for people debugging
 * hardware. The HEX arguments are joined, so `03 01 13` and `030113` are the same; a comma separates messages
 * (one BLE notification each). For `pixels-advert` the first message is the manufacturer data (with the company
 * id, as noble gives it) and an optional second one the 0x180A service data.
 */
import { toHex } from "../../../devices/ble/seam.ts";
import { decodeGoDiceMessage } from "../../../devices/dice/godice/messages.ts";
import { GODICE_SHELLS, goDiceFace } from "../../../devices/dice/godice/shells.ts";
import { decodePixelsAdvert } from "../../../devices/dice/pixels/advert.ts";
import { decodePixelsMessage } from "../../../devices/dice/pixels/messages.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

export const DICE_FAMILIES = ["pixels", "pixels-advert", "godice"] as const;

/** Splits the arguments into messages of bytes, or names the bad one. */
export function parseHexMessages(
  args: readonly string[],
): { ok: true; messages: Uint8Array[] } | { ok: false; message: string; path: string } {
  const text = args.join(" ").trim();
  if (text === "") return { ok: false, message: "Give the bytes as hex, e.g. 03 01 13.", path: "hex" };
  const messages: Uint8Array[] = [];
  for (const [i, part] of text.split(",").entries()) {
    const clean = part.replace(/0x/gi, "").replace(/[\s:-]/g, "");
    if (clean === "" || !/^[0-9a-f]*$/i.test(clean) || clean.length % 2 !== 0) {
      return { ok: false, message: `Message ${i + 1} ("${part.trim()}") is not whole bytes of hex.`, path: `hex[${i}]` };
    }
    messages.push(Uint8Array.from(clean.match(/../g) ?? [], (h) => Number.parseInt(h, 16)));
  }
  return { ok: true, messages };
}

type Row = { hex: string; ok: boolean; [key: string]: unknown };

function pixelsRow(bytes: Uint8Array): Row {
  const d = decodePixelsMessage(bytes);
  if (!d.ok) return { hex: toHex(bytes), ok: false, reason: d.error };
  const row: Row = { hex: toHex(bytes), ok: true, ...d.value };
  // Face value on current firmware for d4/d6/d8/d12/d20 (d10: the index itself; d00: index × 10).
  if (d.value.type === "rollState") row.face = d.value.faceIndex + 1;
  return row;
}

function godiceRow(bytes: Uint8Array): Row {
  const d = decodeGoDiceMessage(bytes);
  if (!d.ok) return { hex: toHex(bytes), ok: false, reason: d.error };
  const m = d.value;
  if (m.type !== "stable") return { hex: toHex(bytes), ok: true, ...m };
  const faces = Object.fromEntries(GODICE_SHELLS.map((s) => [s, goDiceFace(s, m.x, m.y, m.z)]));
  return { hex: toHex(bytes), ok: true, ...m, rollEnd: m.kind === "S", faces };
}

/** Decodes a dice family's bytes; null when `family` is not a dice family. */
export function decodeDice(family: string, hex: string[]): CommandResult | null {
  if (!(DICE_FAMILIES as readonly string[]).includes(family)) return null;
  const parsed = parseHexMessages(hex);
  if (!parsed.ok) return badInput({ code: "input.invalid", message: parsed.message, path: parsed.path });
  let rows: Row[];
  if (family === "pixels-advert") {
    const [manufacturer, service] = parsed.messages;
    const d = decodePixelsAdvert(manufacturer ?? new Uint8Array(0), service);
    rows = [
      d.ok
        ? { hex: toHex(manufacturer ?? new Uint8Array(0)), ok: true, ...d.value, face: d.value.faceIndex + 1 }
        : { hex: toHex(manufacturer ?? new Uint8Array(0)), ok: false, reason: d.error },
    ];
  } else {
    rows = parsed.messages.map(family === "pixels" ? pixelsRow : godiceRow);
  }
  const bad = rows.findIndex((r) => !r.ok);
  if (bad >= 0) {
    const reason = String(rows[bad]?.reason ?? "rejected");
    return {
      code: 2,
      stdout: printJson({
        ok: false,
        error: { code: "decode.rejected", message: `Message ${bad + 1} is not a valid ${family} message: ${reason}.`, path: `hex[${bad}]` },
        family,
        messages: rows,
      }),
    };
  }
  return { code: 0, stdout: printJson({ ok: true, family, messages: rows }) };
}
