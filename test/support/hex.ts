/** Bytes from hex text, spaces allowed: `"03 01 13"` → `Uint8Array [3, 1, 19]`. */
export const hex = (s: string): Uint8Array => Uint8Array.from((s.replace(/\s/g, "").match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
