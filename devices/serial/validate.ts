/**
 * Checks each entry of a device list against its TypeBox schema, so a source given raw configuration turns a
 * bad entry into a `misconfigured` device whose message names the key, instead of throwing.
 */
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Result } from "../../src/result.ts";

/** Why one entry failed: the device's id (or its place in the list) and a message naming the key. */
export interface EntryProblem {
  readonly id: string;
  readonly message: string;
}

/** `raw` may be one entry or a list; `where` names it in messages (e.g. `devices.readers`). */
export function checkEach<T>(schema: TSchema, raw: unknown, where: string): Result<T, EntryProblem>[] {
  const list: readonly unknown[] = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return list.map((entry, i) => {
    if (Value.Check(schema, entry)) return { ok: true, value: entry as T };
    const first = Value.Errors(schema, entry).First();
    const key = first?.path ? first.path.replace(/^\//, ".").replaceAll("/", ".") : "";
    const id = typeof (entry as { id?: unknown })?.id === "string" ? String((entry as { id: string }).id) : `${where}[${i}]`;
    return { ok: false, error: { id, message: `${where}[${i}]${key}: ${first?.message ?? "invalid"}.` } };
  });
}
