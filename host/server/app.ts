/**
 * The fastify app factory: API routes, the live WebSocket, emulator controls (only for emulated devices),
 * the pages, and the token check for writes from beyond loopback. `buildApp` never listens; tests use
 * `app.inject()`, `host/server/listen.ts` listens.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { TableRuntime } from "../compose.ts";
import { requireToken } from "./auth.ts";
import { errorHandler, sendError } from "./errors.ts";
import { registerOpenApi } from "./openapi.ts";
import { apiRoutes } from "./routes/api.ts";
import { healthRoutes } from "./routes/health.ts";
import { liveRoutes } from "./routes/live.ts";
import { simRoutes } from "./routes/sim.ts";

export const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public");

export interface AppOptions {
  readonly table: TableRuntime;
  readonly logger: Logger;
  /** The bearer token writes from beyond loopback must carry. */
  readonly token: string;
}

const PAGES = { "/": "index.html", "/control": "control.html", "/devices": "devices.html" } as const;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // requests are not logged one by one (a busy table makes hundreds a minute); warnings and errors are
    loggerInstance: opts.logger.child({ part: "http" }, { level: "warn" }) as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    // Unknown keys and wrong types are errors, never silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } },
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, { code: "route.unknown", message: `No ${req.method} ${req.url} here.`, path: req.url }, 404),
  );
  app.addHook("onRequest", requireToken(opts.token));
  await registerOpenApi(app);
  await app.register(fastifyWebsocket);
  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: "/static/", index: false });
  for (const [url, file] of Object.entries(PAGES)) app.get(url, (_req, reply) => reply.type("text/html").sendFile(file));
  await app.register(apiRoutes, { table: opts.table });
  await app.register(healthRoutes, { table: opts.table });
  await app.register(liveRoutes, { table: opts.table });
  const sim = opts.table.devices.sim;
  if (sim) await app.register(simRoutes, { sim });
  return app;
}
