/**
 * How request bodies are read: JSON within {@link JSON_LIMITS} (depth, string length and entries checked before a
 * handler sees it), and an empty body of any type as no body at all, so the body-less commands (`undo`, `confirm`,
 * `phase/next` …) take `curl -X POST`, `curl -d ''` and `fetch` with a JSON content type alike. Any other
 * non-empty body is 415. A request without a body is checked as `{}` (so a missing body names the missing field).
 * A route that takes a long text (a roster, a table file) says so with `config: { jsonLimits: TEXT_BODY_LIMITS }`
 * and `bodyLimit`; every other route keeps the default limits.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { JSON_LIMITS, type JsonLimits, parseBoundedJson } from "./json-limits.ts";
import { Refusal } from "./refusal.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route's limits for its JSON body, when they differ from {@link JSON_LIMITS}. */
    jsonLimits?: JsonLimits;
  }
}

export function registerBodyParsers(app: FastifyInstance): void {
  app.addHook("preValidation", async (req) => {
    if (req.body === undefined && req.method !== "GET" && req.method !== "HEAD") req.body = {};
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(\s*;.*)?$/i,
    { parseAs: "string", bodyLimit: JSON_LIMITS.bodyBytes },
    (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = String(body);
      if (text.trim() === "") return done(null, undefined);
      const parsed = parseBoundedJson(text, req.routeOptions.config.jsonLimits ?? JSON_LIMITS);
      if (parsed.ok) done(null, parsed.value);
      else done(new Refusal(parsed.error, 400));
    },
  );
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: JSON_LIMITS.bodyBytes },
    (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      if (body.length === 0) return done(null, undefined);
      const type = req.headers["content-type"] ?? "none";
      done(new Refusal({ code: "input.media-type", message: `Send JSON (application/json), not ${type}.`, path: "content-type" }, 415));
    },
  );
}
