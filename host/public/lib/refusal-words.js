// A refusal in the players' words on /control: the field it names (so the page shows it beside that field), its
// message with the rule set's labels for the action's keys ("Range (inches) must be at least 0", not
// "action.rangeInches must be …"), and typed dice checked before they are sent ("“4.5” is not a die's face").

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The field of `fields` a refusal's path names (`action.rangeInches`, `values.target`, `rangeInches[0]`), or null. */
export function fieldOf(path, fields) {
  const name = String(path ?? "")
    .replace(/^(action|values)\./, "")
    .split(/[.[]/)[0];
  return fields.find((f) => f.name === name) ?? null;
}

const TYPES = { number: "a number", integer: "a whole number", boolean: "yes or no", string: "words", array: "a list" };

/** The message with the fields' labels for their keys, dice by their number, and the schema's words made plain. */
export function refusalWords(error, fields = []) {
  let m = String(error?.message ?? "");
  m = m.replace(/\bvalues\[(\d+)\]/g, (_, i) => `Die ${Number(i) + 1}`);
  for (const f of fields) {
    const label = f.label ?? f.name;
    // a key only where it stands as a key: after `action.`/`values.`, or opening the message (a schema's words)
    m = m.replace(new RegExp(`\\b(?:action|values)\\.${escapeRe(f.name)}\\b`, "g"), label);
    m = m.replace(new RegExp(`^${escapeRe(f.name)}\\b`), label);
  }
  m = m.replace(/ expected (number|integer|boolean|string|array)\b/g, (_, t) => ` must be ${TYPES[t]}`);
  m = m.replace(/ must be integer\b/g, " must be a whole number");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/**
 * Typed dice ("4 6 1", "4,6,1") checked before they are sent: `{values}`, or `{error}` in words when a value is
 * not a whole number or more are typed than the table needs (`needed`; null when no roll waits).
 * @param {string} text
 * @param {number | null | undefined} needed
 * @returns {{ values: number[] } | { error: string }}
 */
export function typedDice(text, needed) {
  const parts = String(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length === 0) return { error: "Type the numbers the dice show, like 4 6 1." };
  const bad = parts.find((p) => !/^\d+$/.test(p));
  if (bad !== undefined) return { error: `“${bad}” is not a die's face: type whole numbers, like 4 6 1.` };
  if (needed === null || needed === undefined || needed === 0) return { error: "No dice are needed now: set up an action first." };
  if (parts.length > needed)
    return { error: `Only ${needed} more ${needed === 1 ? "die is" : "dice are"} needed, and ${parts.length} numbers were typed.` };
  return { values: parts.map(Number) };
}
