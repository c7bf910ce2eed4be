/**
 * Phones' access, opened and closed from /devices and kept in the game file: while closed (the default) the table
 * listens on this machine only and refuses any request from another address; while open it also listens on each
 * of this machine's network addresses (same port), so phones on the same network reach it — the control page
 * with the table's token, as the pairing QR code gives it (writes still need the token). Closing it stops those
 * listeners and cuts every phone's connection, live sockets included. A host started with `--host 0.0.0.0`
 * listens everywhere by its command line; the page says so and cannot close that.
 */
import { createServer as createHttp, type Server } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { networkInterfaces } from "node:os";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { isLoopback } from "./auth.ts";
import { sendError } from "./errors.ts";

/** The store's setting key. */
export const PHONES_SETTING = "phones";

/** What the page shows of phones' access. */
export interface PhonesState {
  readonly open: boolean;
  /** Open by the start command (`--host 0.0.0.0` or another address beyond loopback): the page cannot close it. */
  readonly byCommandLine: boolean;
  /** The addresses phones use while open (`http://192.168.1.20:7420/`). */
  readonly addresses: readonly string[];
}

export interface PhonesOptions {
  /** Reads and writes the kept setting. */
  readonly setting: { get(): string | null; set(v: string | null): void };
  readonly https?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  readonly logger: Logger;
}

/** This machine's network addresses (not loopback, not link-local IPv6). */
function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === "IPv6" && a.address.toLowerCase().startsWith("fe80")) continue;
      out.push(a.address);
    }
  }
  return out;
}

const url = (https: boolean, address: string, port: number) =>
  `${https ? "https" : "http"}://${address.includes(":") ? `[${address}]` : address}:${port}/`;

export class PhonesAccess {
  readonly #o: PhonesOptions;
  #app: FastifyInstance | null = null;
  #servers: Server[] = [];
  readonly #sockets = new Set<Socket>();
  #port = 0;
  #byCommandLine = false;

  constructor(o: PhonesOptions) {
    this.#o = o;
  }

  /** Whether requests from other machines are taken now. */
  get open(): boolean {
    return this.#byCommandLine || this.#servers.length > 0;
  }

  state(): PhonesState {
    const https = this.#o.https !== undefined;
    return {
      open: this.open,
      byCommandLine: this.#byCommandLine,
      addresses: this.open ? lanAddresses().map((a) => url(https, a, this.#port)) : [],
    };
  }

  /**
   * The onRequest hook: once the table listens on loopback only, a request from another machine (one that slipped in
   * as the access closed) is refused while phones' access is closed. Before it listens there is no network side.
   */
  guard() {
    return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (this.#app === null || this.open || isLoopback(req.raw.socket?.remoteAddress)) return;
      await sendError(
        reply,
        {
          code: "phones.closed",
          message: "This table takes requests from its own machine only: open phones' access on its /devices page.",
          path: "",
        },
        403,
      );
    };
  }

  /** Once the app listens: notes how (beyond loopback by the command line?) and opens phones' access if it was left open. */
  async started(app: FastifyInstance): Promise<void> {
    this.#app = app;
    const bound = app.server.address() as AddressInfo | null;
    this.#port = bound?.port ?? 0;
    this.#byCommandLine = bound !== null && !isLoopback(bound.address) && bound.address !== "localhost";
    if (!this.#byCommandLine && this.#o.setting.get() === "open") await this.#listen();
  }

  /** Opens or closes phones' access, and keeps the choice. */
  async set(open: boolean): Promise<void> {
    this.#o.setting.set(open ? "open" : null);
    if (this.#byCommandLine) return;
    if (open && this.#servers.length === 0) await this.#listen();
    if (!open) await this.#close();
  }

  /** Stops the phones' listeners (the host is stopping). */
  async stop(): Promise<void> {
    await this.#close();
  }

  async #listen(): Promise<void> {
    const app = this.#app;
    if (!app) return;
    for (const address of lanAddresses()) {
      const handler = (req: Parameters<Server["emit"]>[1], res: unknown) => app.server.emit("request", req, res);
      const server: Server = this.#o.https
        ? createHttps({ cert: this.#o.https.cert, key: this.#o.https.key }, handler)
        : createHttp(handler);
      server.on("upgrade", (req, socket, head) => app.server.emit("upgrade", req, socket, head));
      server.on("connection", (s: Socket) => {
        this.#sockets.add(s);
        s.once("close", () => this.#sockets.delete(s));
      });
      try {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(this.#port, address, () => resolve());
        });
        this.#servers.push(server);
      } catch (e) {
        this.#o.logger.warn({ address, err: (e as Error).message }, "phones cannot be let in on this address");
      }
    }
    this.#o.logger.info({ addresses: this.state().addresses }, "phones' access opened");
  }

  async #close(): Promise<void> {
    const servers = this.#servers;
    this.#servers = [];
    for (const s of this.#sockets) s.destroy();
    this.#sockets.clear();
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    if (servers.length) this.#o.logger.info("phones' access closed");
  }
}
