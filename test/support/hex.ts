/** `"03 01 13"` → bytes (test helper). */
export const hex = (s: string): Uint8Array => Uint8Array.from((s.replace(/\s/g, "").match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
