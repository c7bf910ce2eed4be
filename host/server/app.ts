/**
 * The fastify app factory: API routes, the live WebSocket, emulator controls (only for emulated devices),
 * the pages, and the token check for writes from beyond loopback. `buildApp` never listens; tests use
 * `app.inject()`, `host/server/listen.ts` listens.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { TableRuntime } from "../compose.ts";
import { LOG_PAGE_SIZE, logPage } from "../session/view.ts";
import { requireToken } from "./auth.ts";
import { registerBodyParsers } from "./body-parsers.ts";
import { clientErrorHandler, denyFraming } from "./client-errors.ts";
import { errorHandler, sendError } from "./errors.ts";
import { JSON_LIMITS } from "./json-limits.ts";
import { lazyCompilers } from "./lazy-compilers.ts";
import { registerLiveSockets } from "./live-sockets.ts";
import { registerOpenApi } from "./openapi.ts";
import { checkHostAndOrigin } from "./origin-guard.ts";
import { pageRoutes } from "./pages.ts";
import { PHONES_SETTING, PhonesAccess } from "./phones.ts";
import { apiRoutes } from "./routes/api.ts";
import { deviceSetupRoutes } from "./routes/device-setup.ts";
import { diceLightsRoutes } from "./routes/dice-lights.ts";
import { DisplayPrefsStore, displayPrefsRoutes, nextLogPage } from "./routes/display-prefs.ts";
import { gameCreateRoutes } from "./routes/game-create.ts";
import { gamesRoutes } from "./routes/games.ts";
import { healthRoutes } from "./routes/health.ts";
import { liveRoutes } from "./routes/live.ts";
import { pairingRoutes } from "./routes/pairing.ts";
import { phonesRoutes } from "./routes/phones.ts";
import { rescuedRoutes } from "./routes/rescued.ts";
import { ruleSetRoutes } from "./routes/rulesets.ts";
import { setupFileRoutes } from "./routes/setup-files.ts";
import { simRoutes } from "./routes/sim.ts";
import { vendorRoutes } from "./routes/vendor.ts";
import { staticFiles } from "./static-files.ts";
import { requireTypedRoutes, type TableTypeProvider } from "./typed-routes.ts";
import { TableViewSchema } from "./view-schema.ts";

export const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public");

export interface AppOptions {
  readonly table: TableRuntime;
  readonly logger: Logger;
  /** The bearer token writes from beyond loopback must carry. */
  readonly token: string;
  /** Host names besides loopback names and IP addresses the table answers to (the machine's name, `--allow-host`). */
  readonly hosts?: readonly string[];
  /** Serve HTTPS with this certificate and key (PEM). */
  readonly https?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  /** Bytes that may wait for a live client before it is dropped. */
  readonly liveBufferBytes?: number;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // requests are not logged one by one (a busy table makes hundreds a minute); warnings and errors are
    loggerInstance: opts.logger.child({ part: "http" }, { level: "warn" }) as FastifyBaseLogger,
    bodyLimit: JSON_LIMITS.bodyBytes,
    ...(opts.https ? { https: { cert: opts.https.cert, key: opts.https.key } } : {}),
    // Unknown keys and wrong types are errors, never silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } },
    // each route's validator and serializer compiled on its first request, not all at start (lazy-compilers.ts)
    schemaController: { compilersFactory: lazyCompilers() },
    // a URL fastify cannot decode is answered in the contract's shape too
    frameworkErrors: (error, _req, reply) => {
      errorHandler(error, _req, reply);
    },
    // and so is a request the HTTP parser refused (a URL over 16 KB: 431)
    clientErrorHandler,
  }).withTypeProvider<TableTypeProvider>();
  // every route's reply (and body, where it takes one) has its schema, typed by the provider: a route without is refused
  requireTypedRoutes(app);
  // the table state's one schema: /api/state and the commands' replies name it, the OpenAPI document shows it
  app.addSchema(TableViewSchema);
  denyFraming(app);
  app.setErrorHandler(errorHandler);
  registerBodyParsers(app);
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, { code: "route.unknown", message: `No ${req.method} ${req.url} here.`, path: req.url }, 404),
  );
  // phones' access (/devices): another machine's request is refused while it is closed, the default
  const store = opts.table.store;
  const phones = new PhonesAccess({
    setting: { get: () => store.setting(PHONES_SETTING), set: (v) => store.setSetting(PHONES_SETTING, v) },
    ...(opts.https ? { https: opts.https } : {}),
    logger: opts.logger.child({ part: "phones" }),
  });
  app.addHook("onRequest", phones.guard());
  app.addHook("onListen", async () => phones.started(app));
  app.addHook("onClose", async () => phones.stop());
  app.addHook("onRequest", checkHostAndOrigin(opts.token, opts.hosts ?? []));
  app.addHook("onRequest", requireToken(opts.token));
  await registerOpenApi(app);
  await registerLiveSockets(app, JSON_LIMITS.messageBytes, "a live client");
  // the pages' files: @fastify/send on a route of our own, with its reply's schema like every route (static-files.ts)
  staticFiles(app, PUBLIC_DIR, "/static/", "A file of the pages (script, style sheet), its type by its name");
  await app.register(pageRoutes);
  await app.register(vendorRoutes);
  await app.register(pairingRoutes, { token: opts.token, https: opts.https !== undefined, phones });
  await app.register(phonesRoutes, { phones, token: opts.token });
  const prefs = new DisplayPrefsStore(opts.table.view().display.scale);
  await app.register(displayPrefsRoutes, { prefs });
  // the pad's Log button pages the display's night's log (the table's devices alone can look back over the night)
  // (only updates with the button's event call it: a die's roll does not)
  const offLog = opts.table.onUpdate(() => {
    const { pages } = logPage(opts.table.session, 0, LOG_PAGE_SIZE);
    prefs.set({ log: nextLogPage(prefs.get().log, pages) });
  }, "log");
  app.addHook("onClose", async () => offLog());
  await app.register(apiRoutes, { table: opts.table });
  await app.register(deviceSetupRoutes, { table: opts.table });
  await app.register(healthRoutes, { table: opts.table });
  await app.register(gamesRoutes, { table: opts.table });
  await app.register(rescuedRoutes, { table: opts.table });
  await app.register(gameCreateRoutes, { table: opts.table });
  await app.register(setupFileRoutes);
  await app.register(diceLightsRoutes, { table: opts.table });
  await app.register(ruleSetRoutes);
  await app.register(liveRoutes, {
    table: opts.table,
    prefs,
    token: opts.token,
    ...(opts.liveBufferBytes ? { bufferBytes: opts.liveBufferBytes } : {}),
  });
  const sim = opts.table.devices.sim;
  if (sim)
    await app.register(simRoutes, {
      sim,
      camera: () => opts.table.camera(),
      shipName: (id) => opts.table.view().ships.find((s) => s.id === id)?.name,
    });
  return app as unknown as FastifyInstance;
}
