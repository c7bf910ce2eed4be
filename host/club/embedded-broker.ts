/**
 * The embedded broker (`quarterdeck club --embedded-broker`): aedes in-process, listening on loopback unless told
 * otherwise, so a small club needs one computer. With table accounts it checks each table's password and lets
 * it publish only under its own `quarterdeck/<club>/<table>/`, like the Mosquitto ACL in docs/club.md.
 */
import { createServer, type Server } from "node:net";
import { Aedes, type AedesPublishPacket, type AuthenticateError } from "aedes";
import type { Logger } from "pino";
import { clubFilter, type MessageSource, type OnMessage, type RequestBody, requestTopic } from "./sources.ts";

/** A table's account on the embedded broker. */
export interface BrokerAccount {
  readonly username: string;
  readonly password: string;
  /** The table this account publishes for (`<club>/<table>`); absent = a reader such as another board. */
  readonly table?: string;
}

export interface EmbeddedBrokerOptions {
  readonly host?: string;
  readonly port?: number;
  readonly club?: string | undefined;
  /** When given, only these accounts may connect. */
  readonly accounts?: readonly BrokerAccount[];
  readonly logger: Logger;
}

export class EmbeddedBroker implements MessageSource {
  readonly #o: EmbeddedBrokerOptions;
  readonly #onMessage: OnMessage;
  #aedes: Aedes | null = null;
  #server: Server | null = null;
  #port = 0;

  constructor(o: EmbeddedBrokerOptions, onMessage: OnMessage) {
    this.#o = o;
    this.#onMessage = onMessage;
  }

  get connected(): boolean {
    return this.#aedes !== null;
  }

  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `mqtt://${this.#o.host ?? "127.0.0.1"}:${this.#port}`;
  }

  /** Starts (or starts again after {@link stop}) on the same port. */
  async start(): Promise<void> {
    const accounts = this.#o.accounts;
    const byName = new Map((accounts ?? []).map((a) => [a.username, a]));
    const byClient = new Map<string, BrokerAccount>();
    const aedes = await Aedes.createBroker({
      ...(accounts
        ? {
            authenticate: (client, username, password, done) => {
              const a = username === undefined ? undefined : byName.get(username);
              if (a && password?.toString() === a.password) {
                byClient.set(client.id, a);
                return done(null, true);
              }
              const e = new Error("bad username or password") as AuthenticateError;
              e.returnCode = 4;
              done(e, false);
            },
            authorizePublish: (client, packet, done) => {
              const a = client ? byClient.get(client.id) : undefined;
              done(ownsTopic(a, packet.topic) ? null : new Error(`not allowed to publish to ${packet.topic}`));
            },
            // a table hears only the board's requests to it; an account without a table (another board) reads all
            authorizeSubscribe: (client, sub, done) => {
              const a = client ? byClient.get(client.id) : undefined;
              if (!a?.table || sub.topic === `quarterdeck/${a.table}/request`) return done(null, sub);
              done(new Error(`not allowed to subscribe to ${sub.topic}`));
            },
          }
        : {}),
    });
    aedes.on("clientError", (client, err) => this.#o.logger.debug({ client: client?.id, err }, "embedded broker client"));
    // the board hears every table message in-process, before the broker acknowledges it to the table
    await new Promise<void>((done) =>
      aedes.subscribe(
        clubFilter(this.#o.club),
        (packet: AedesPublishPacket, cb: () => void) => {
          try {
            this.#onMessage(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
          } finally {
            cb();
          }
        },
        done,
      ),
    );
    const server = createServer(aedes.handle);
    await new Promise<void>((done, reject) => {
      server.once("error", reject);
      server.listen(this.#port || this.#o.port || 1883, this.#o.host ?? "127.0.0.1", () => done());
    });
    const addr = server.address();
    this.#port = typeof addr === "object" && addr ? addr.port : this.#port;
    this.#aedes = aedes;
    this.#server = server;
  }

  /** Stops listening and drops every client (they reconnect when it starts again). */
  async stop(): Promise<void> {
    const aedes = this.#aedes;
    const server = this.#server;
    this.#aedes = null;
    this.#server = null;
    const closed = server ? new Promise<void>((done) => server.close(() => done())) : Promise.resolve();
    if (aedes) await new Promise<void>((done) => aedes.close(() => done()));
    await closed;
  }

  request(club: string, table: string, body: RequestBody): void {
    this.#aedes?.publish(
      { cmd: "publish", topic: requestTopic(club, table), payload: Buffer.from(JSON.stringify(body)), qos: 1, retain: false, dup: false },
      () => undefined,
    );
  }

  close(): Promise<void> {
    return this.stop();
  }
}

/** Whether an account may publish to a topic: a table only under its own `quarterdeck/<club>/<table>/`. */
export function ownsTopic(a: BrokerAccount | undefined, topic: string): boolean {
  if (!a?.table) return false;
  return topic.startsWith(`quarterdeck/${a.table}/`) && topic.split("/").length === 4;
}
