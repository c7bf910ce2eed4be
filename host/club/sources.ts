/**
 * Where the club host hears tables: an external broker (Mosquitto) as an MQTT client with a persistent
 * session, so QoS 1 records published while it was away are queued for it; or the embedded broker, which
 * hands every message to the host in-process before it acknowledges the table.
 */
import { readFileSync } from "node:fs";
import mqtt, { type IClientOptions } from "mqtt";
import type { Logger } from "pino";

export type OnMessage = (topic: string, payload: Buffer) => void;

/** A stream of table messages. */
export interface MessageSource {
  /** Whether it hears tables now (connected and subscribed; a broker down is not an error: the board shows it). */
  readonly connected: boolean;
  /** Asks a table again for records it published (docs/club.md, `request`); lost when the table is away (asked again later). */
  request(club: string, table: string, body: RequestBody): void;
  close(): Promise<void>;
}

/** `quarterdeck/<club>/<table>/request`: a game's records `from`…`to` again (from 0: with its start). */
export interface RequestBody {
  readonly game: string;
  readonly from: number;
  readonly to: number;
}

/** The topic a table hears the board's requests on. */
export const requestTopic = (club: string, table: string): string => `quarterdeck/${club}/${table}/request`;

/** The topics of every table of `club` (or of every club). */
export const clubFilter = (club: string | undefined): string => `quarterdeck/${club ?? "+"}/+/+`;

export interface BrokerSourceOptions {
  readonly url: string;
  readonly club?: string | undefined;
  readonly clientId?: string;
  readonly ca?: string | undefined;
  readonly cert?: string | undefined;
  readonly key?: string | undefined;
  readonly logger: Logger;
}

/** Subscribes to an external broker (credentials in the URL: `mqtts://board:secret@club-pc:8883`). */
export function brokerSource(o: BrokerSourceOptions, onMessage: OnMessage): MessageSource {
  const pem = (f: string | undefined) => (f === undefined ? {} : { [f === o.ca ? "ca" : f === o.cert ? "cert" : "key"]: readFileSync(f) });
  const opts: IClientOptions = {
    clientId: o.clientId ?? `quarterdeck-club-${o.club ?? "all"}`,
    // a persistent session: the broker queues QoS 1 records for the board while it is away (and across its own
    // restarts, with persistence on)
    clean: false,
    keepalive: 15,
    reconnectPeriod: 250,
    connectTimeout: 5000,
    ...pem(o.ca),
    ...pem(o.cert),
    ...pem(o.key),
  };
  const client = mqtt.connect(o.url, opts);
  let subscribed = false;
  client.on("connect", (ack) => {
    if (ack.sessionPresent) subscribed = true;
    else client.subscribe(clubFilter(o.club), { qos: 1 }, (err) => (subscribed = subscribed || !err));
    o.logger.info({ broker: o.url }, "club board connected to the broker");
  });
  client.on("error", (e) => o.logger.warn({ err: e }, "club broker"));
  client.on("message", (topic, payload) => onMessage(topic, payload));
  return {
    get connected() {
      return client.connected && subscribed;
    },
    request: (club, table, body) => {
      client.publish(requestTopic(club, table), JSON.stringify(body), { qos: 1 }, (err) => {
        if (err) o.logger.debug({ err }, "a request to a table was not sent");
      });
    },
    close: async () => {
      await client.endAsync(true).catch(() => undefined);
    },
  };
}
