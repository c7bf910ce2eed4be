/**
 * Error replies in the contract's shape (`{"ok": false, "error": {code, message, path}}`) and the HTTP
 * status each stable code maps to.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { RulesError } from "../../src/result.ts";
import { httpStatusOf } from "../error-codes.ts";
import { Refusal } from "./refusal.ts";

/**
 * The HTTP status of a code, from the catalogue (host/error-codes.ts, which takes in the core's src/error-codes.ts): 400 for bad input and rules refusals, 404
 * for unknown things the address names, 409 when the table is not in a state to do it.
 */
export const statusOf = httpStatusOf;

export function sendError(reply: FastifyReply, error: RulesError, status = statusOf(error.code)): FastifyReply {
  return reply.code(status).send({ ok: false, error });
}

/** `/body/values/0` → `values[0]`. */
function pathOf(instancePath: string, prefix: string): string {
  const parts = instancePath.split("/").filter(Boolean);
  return parts.reduce((p, k) => (/^\d+$/.test(k) ? `${p}[${k}]` : p ? `${p}.${k}` : k), prefix === "body" ? "" : prefix);
}

/** Fastify's own refusals, by their code, in the contract's words. */
const FRAMEWORK: Readonly<Record<string, RulesError>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "input.too-large", message: "The body is larger than this host takes.", path: "body" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "input.media-type", message: "Send JSON (application/json).", path: "content-type" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "input.invalid",
    message: "The Content-Length does not match the body.",
    path: "content-length",
  },
  FST_ERR_BAD_URL: { code: "input.invalid", message: "The address is not a valid URL.", path: "url" },
};

/** Schema failures, malformed or oversized bodies and fastify's own refusals become 4xx with the contract's error JSON. */
export function errorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof Refusal) return sendError(reply, error.error, error.statusCode);
  const known = error.code ? FRAMEWORK[error.code] : undefined;
  if (known) return sendError(reply, known, error.statusCode ?? 400);
  const v = error.validation?.[0];
  if (v) {
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    const extra = (v.params as { additionalProperty?: string }).additionalProperty;
    const base = pathOf(v.instancePath, error.validationContext ?? "body");
    const key = missing ?? extra;
    const path = key ? (base ? `${base}.${key}` : key) : base;
    const message = missing
      ? `${path} is required.`
      : extra
        ? `${path} is not a known field.`
        : `${path || "the body"} ${v.message ?? "is not valid"}.`;
    return sendError(reply, { code: "input.invalid", message, path }, 400);
  }
  if (error.statusCode && error.statusCode < 500) {
    return sendError(reply, { code: "input.invalid", message: error.message, path: "body" }, error.statusCode);
  }
  reply.log.error({ err: error }, "request failed");
  return sendError(reply, { code: "internal", message: "The host failed to handle this request; see its log.", path: "" }, 500);
}
