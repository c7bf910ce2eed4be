/**
 * Reads the NDEF Text record of an NTAG21x through InDataExchange READ (nfc-serial-firmata.md §2.4):
 * READ page 3, check the CC, walk the TLVs from page 4, READ further pages until the message is covered.
 */
import { findNdefMessage, parseCapabilityContainer, parseTextRecord } from "../ndef.ts";
import { decodeInDataExchange } from "./commands.ts";

/** Reads 16 bytes (4 pages) from `page`; resolves with the InDataExchange parameters. */
export type ReadPages = (page: number) => Promise<Uint8Array>;

export async function readNdefText(read: ReadPages): Promise<string | undefined> {
  const first = await readChecked(read, 3);
  const cc = parseCapabilityContainer(first.subarray(0, 4));
  if (!cc?.readable) return undefined;
  let area = first.slice(4);
  for (let guard = 0; guard < 64; guard++) {
    const found = findNdefMessage(area);
    if (found.kind === "none") return undefined;
    if (found.kind === "message") return parseTextRecord(found.bytes)?.text;
    if (found.total > cc.dataBytes) return undefined;
    const next = await readChecked(read, 4 + area.length / 4);
    const grown = new Uint8Array(area.length + next.length);
    grown.set(area);
    grown.set(next, area.length);
    area = grown;
  }
  return undefined;
}

async function readChecked(read: ReadPages, page: number): Promise<Uint8Array> {
  const answer = decodeInDataExchange(await read(page));
  if (answer?.error !== 0 || answer.data.length !== 16) {
    throw new Error(`NTAG READ of page ${page} failed (status ${answer?.status ?? "missing"})`);
  }
  return answer.data;
}
