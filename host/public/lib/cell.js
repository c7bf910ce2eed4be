// A roster cell's text as a value, the one reading for the CSV roster (host/config/roster.ts) and the set-up form
// (/games/new): true/false, a number, JSON (a list or an object), else the text. No DOM: the host imports it too.

/** A roster cell's text as a value. */
export function cellValue(text) {
  const t = String(text).trim();
  if (t === "true") return true;
  if (t === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t.startsWith("[") || t.startsWith("{")) {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }
  return t;
}
