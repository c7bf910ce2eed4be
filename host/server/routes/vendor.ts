/**
 * `GET /vendor/<name>`: the browser modules the pages import (Preact, its hooks, htm), served from node_modules
 * so the pages need no CDN and no bundler. Only the files named here are served; the pages' import map
 * (`host/public/*.html`) maps the bare names `preact`, `preact/hooks` and `htm` to these URLs.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

/** URL file name → the module specifier Node resolves to the package's ES module build. */
export const VENDOR_MODULES = {
  "preact.mjs": "preact",
  "preact-hooks.mjs": "preact/hooks",
  "htm.mjs": "htm",
} as const;

export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  // read once at start: a handful of small files, and a missing package fails the start, not a page
  const files = new Map(
    Object.entries(VENDOR_MODULES).map(([name, spec]) => [name, readFileSync(fileURLToPath(import.meta.resolve(spec)), "utf8")]),
  );
  for (const [name, text] of files) {
    app.get(`/vendor/${name}`, (_req, reply) =>
      reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(text),
    );
  }
}
