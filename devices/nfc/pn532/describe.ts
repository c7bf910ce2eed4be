/**
 * Human-readable descriptions of PN532 frames, for `quarterdeck decode pn532` and logs.
 */
import { findNdefMessage, parseCapabilityContainer, parseTextRecord } from "../ndef.ts";
import { uidHex } from "../presence.ts";
import { COMMAND_NAMES, decodeFirmwareVersion, decodeInDataExchange, decodeInListPassiveTarget } from "./commands.ts";
import { frameBytes, hex, type Pn532Frame, TFI_HOST, TFI_PN532 } from "./frame.ts";

const h2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");

/** One decoded frame as JSON-friendly fields. */
export function describeFrame(frame: Pn532Frame): Record<string, unknown> {
  const bytes = hex(frameBytes(frame));
  if (frame.kind !== "info") return { kind: frame.kind, hex: bytes };
  const code = frame.data[0] ?? 0;
  const params = frame.data.subarray(1);
  const base = { kind: frame.extended ? "extended" : "normal", hex: bytes };
  if (frame.tfi === TFI_HOST) {
    return { ...base, direction: "host→pn532", command: COMMAND_NAMES[code] ?? `0x${h2(code)}`, params: hex(params) };
  }
  if (frame.tfi !== TFI_PN532) return { ...base, direction: "unknown", tfi: h2(frame.tfi), data: hex(frame.data) };
  const name = COMMAND_NAMES[code - 1];
  const out: Record<string, unknown> = {
    ...base,
    direction: "pn532→host",
    response: name ? `${name} response` : `0x${h2(code)}`,
    params: hex(params),
  };
  switch (code - 1) {
    case 0x02:
      out.firmware = decodeFirmwareVersion(params) ?? "malformed";
      break;
    case 0x4a: {
      const targets = decodeInListPassiveTarget(params);
      out.targets = targets
        ? targets.map((t) => ({ tg: t.tg, atqa: h2(t.atqa >> 8) + h2(t.atqa & 0xff), sak: h2(t.sak), uid: uidHex(t.uid) }))
        : "malformed";
      break;
    }
    case 0x40: {
      const x = decodeInDataExchange(params);
      if (!x) {
        out.exchange = "malformed";
        break;
      }
      out.status = h2(x.status);
      out.error = x.error;
      out.data = hex(x.data);
      const text = ndefTextIn(x.data);
      if (text !== undefined) out.text = text;
      break;
    }
  }
  return out;
}

/** The Text record in a READ answer starting at page 3 (CC first) or page 4, when it fits in these bytes. */
function ndefTextIn(data: Uint8Array): string | undefined {
  const area = parseCapabilityContainer(data.subarray(0, 4)) ? data.subarray(4) : data;
  const found = findNdefMessage(area);
  return found.kind === "message" ? parseTextRecord(found.bytes)?.text : undefined;
}
