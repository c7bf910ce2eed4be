/**
 * The stable error codes the rules core itself returns, with the HTTP status the host answers each with and what it
 * means. The host adds its own codes (config, devices, the store, callers: host/error-codes.ts) to the same registry
 * ({@link ErrorCodeRegistry}), so `fail` in result.ts takes any catalogued code while the core's file lists only its
 * own. Every code is written once and its status looked up, never guessed from its spelling.
 */

/** One catalogue entry: the HTTP status and a line on when the code is used. */
export interface ErrorCodeInfo {
  readonly status: 400 | 401 | 403 | 404 | 409 | 426 | 500 | 503;
  readonly meaning: string;
}

/** The rules core's codes: bad input to a rule set, and legal input the rules refuse. */
export const RULES_ERROR_CODES = {
  "input.invalid": { status: 400, meaning: "A request, file or field does not match its schema." },
  "dice.count": { status: 400, meaning: "The dice sent do not match the plan's count." },
  "dice.value": { status: 400, meaning: "A die value is not a face of its die." },
  "ship.unknown": { status: 400, meaning: "An action or body names a ship that is not on the table." },
  "rules.illegal": { status: 400, meaning: "The action is not allowed in this state." },
  "rules.out-of-range": { status: 400, meaning: "A distance or value is beyond what the rules allow." },
  "odds.too-large": { status: 400, meaning: "The exact odds have too many outcomes to list." },
} as const satisfies Readonly<Record<string, ErrorCodeInfo>>;

/**
 * Every catalogued code, by name: the core's, and those the host declares into it (TypeScript declaration merging,
 * in host/error-codes.ts). Only its keys matter.
 */
export interface ErrorCodeRegistry extends RulesErrorCodes {}
type RulesErrorCodes = typeof RULES_ERROR_CODES;

/** A stable error code. */
export type ErrorCode = keyof ErrorCodeRegistry & string;
