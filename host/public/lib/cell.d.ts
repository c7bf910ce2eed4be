/** A roster cell's text as a value: true/false, a number, JSON (a list or an object), else the text. */
export function cellValue(text: string): unknown;
