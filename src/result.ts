/**
 * Errors and results of the rules core. An illegal action or bad input is a returned
 * {@link RulesError} with a stable dotted `code`, never a throw.
 */
import type { ErrorCode } from "./error-codes.ts";

/** A rules-core error as the contract prints it: stable code, a sentence a player understands, where. */
export interface RulesError {
  /** Stable dotted id from the catalogue ({@link ErrorCode}): `input.invalid`, `dice.count`, `rules.illegal`, … */
  readonly code: ErrorCode;
  readonly message: string;
  /** JSON path (`ships[0].rating`) or `file:line` of the offending input. */
  readonly path: string;
}

/**
 * The project's one result type: a value, or an error saying why not. Rules use the default {@link RulesError};
 * decoders, config and device code pass their own error type (see ARCHITECTURE.md).
 */
export type Result<T, E = RulesError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** A refusal with a catalogued code (see error-codes.ts), a sentence and the path of the offending input. */
export const fail = (code: ErrorCode, message: string, path = ""): { ok: false; error: RulesError } => ({
  ok: false,
  error: { code, message, path },
});

/** Joins a JSON path prefix and a key or index: `joinPath("ships", 0)` → `ships[0]`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return base === "" ? key : `${base}.${key}`;
}
