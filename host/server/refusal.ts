/** A request refused before its handler ran (a hook or body parser), carrying the contract's error. */
import type { RulesError } from "../../src/result.ts";

export class Refusal extends Error {
  readonly error: RulesError;
  readonly statusCode: number;
  constructor(error: RulesError, statusCode: number) {
    super(error.message);
    this.error = error;
    this.statusCode = statusCode;
  }
}
