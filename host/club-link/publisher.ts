/**
 * The table's club publisher (docs/reference/mqtt.md): drains the outbox in order to `…/events` and `…/ended` at QoS 1,
 * keeps a throttled retained `…/state` and a retained `…/status` (`online`, last will `offline`). It never
 * blocks play: the table only writes outbox rows; this runs on its own timers and callbacks, reconnects on its
 * own, and after a broker outage or a host restart starts again from the first row the broker did not
 * acknowledge (a consumer drops the few duplicates a reconnect can cause by (table, game, seq)).
 */
import mqtt, { type MqttClient } from "mqtt";
import type { Logger } from "pino";
import type { ClubConfig } from "../config/club-schema.ts";
import type { OutboxReader, OutboxRow } from "../store/outbox.ts";
import { clubClientOptions, tableTopic } from "./mqtt-options.ts";
import { type ClubRequest, parseRequest } from "./requests.ts";

export interface PublisherOptions {
  readonly club: ClubConfig;
  readonly outbox: OutboxReader;
  /** The current `state` message. */
  readonly summary: () => unknown;
  /** The rows that answer the board's request again (from the table's store), or none when it names no game of this table. */
  readonly answer?: (request: ClubRequest) => readonly OutboxRow[];
  readonly logger: Logger;
  /** At most one `state` message per this many ms (default 1000). */
  readonly stateIntervalMs?: number;
  /** Messages in flight before the broker's acknowledgements (default 64). */
  readonly window?: number;
}

/** What the publisher has done, for health and tests. */
export interface PublisherStats {
  readonly connected: boolean;
  /** Outbox rows acknowledged by the broker since start. */
  readonly acknowledged: number;
  /** The last outbox row id the broker acknowledged. */
  readonly sentThrough: number;
}

export class ClubPublisher {
  readonly #o: PublisherOptions;
  readonly #client: MqttClient;
  /** Bumped on every (re)connect: acknowledgements of an older connection are ignored. */
  #generation = 0;
  /** Rows handed to the client on this connection, oldest first, with whether the broker acknowledged them. */
  #inFlight: { id: number; acked: boolean }[] = [];
  #handedThrough: number;
  #ackedThrough: number;
  #persistTimer: NodeJS.Timeout | undefined;
  #stateTimer: NodeJS.Timeout | undefined;
  #lastState = 0;
  #acknowledged = 0;
  #closed = false;

  constructor(o: PublisherOptions) {
    this.#o = o;
    this.#ackedThrough = o.outbox.sentThrough();
    this.#handedThrough = this.#ackedThrough;
    this.#client = mqtt.connect(o.club.broker, clubClientOptions(o.club));
    this.#client.on("connect", () => this.#onConnect());
    this.#client.on("close", () => this.#onClose());
    this.#client.on("error", (e) => o.logger.warn({ err: e }, "club broker"));
    this.#client.on("message", (topic, payload) => this.#onRequest(topic, payload));
  }

  get stats(): PublisherStats {
    return { connected: this.#client.connected, acknowledged: this.#acknowledged, sentThrough: this.#ackedThrough };
  }

  /** New outbox rows were committed: send them when connected. */
  kick(): void {
    this.#drain();
  }

  /** The table changed: publish `state` now or at the end of the throttle interval. */
  stateChanged(): void {
    if (this.#stateTimer || this.#closed) return;
    const wait = Math.max(0, this.#lastState + (this.#o.stateIntervalMs ?? 1000) - Date.now());
    this.#stateTimer = setTimeout(() => {
      this.#stateTimer = undefined;
      this.#publishState();
    }, wait);
  }

  /** Says `offline`, stops, and saves how far the broker acknowledged. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#stateTimer);
    if (this.#client.connected) {
      await new Promise<void>((done) =>
        this.#client.publish(tableTopic(this.#o.club, "status"), "offline", { qos: 1, retain: true }, () => done()),
      ).catch(() => undefined);
    }
    await this.#client.endAsync(true).catch(() => undefined);
    this.#persist();
  }

  #onConnect(): void {
    this.#generation++;
    this.#inFlight = [];
    this.#handedThrough = this.#ackedThrough;
    // a clean session: the board's requests are heard again after every connect
    if (this.#o.answer) this.#client.subscribe(tableTopic(this.#o.club, "request"), { qos: 1 });
    this.#client.publish(tableTopic(this.#o.club, "status"), "online", { qos: 1, retain: true });
    this.#publishState();
    this.#drain();
  }

  #onClose(): void {
    this.#generation++;
    this.#inFlight = [];
    this.#handedThrough = this.#ackedThrough;
    this.#persist();
  }

  /** The board asks again for what it misses: published again from the store, outside the cursor, at QoS 1. */
  #onRequest(topic: string, payload: Buffer): void {
    if (topic !== tableTopic(this.#o.club, "request") || !this.#o.answer || this.#closed) return;
    const request = parseRequest(payload);
    if (!request) {
      this.#o.logger.warn({ topic }, "ignored a bad request from the club board");
      return;
    }
    let rows: readonly OutboxRow[];
    try {
      rows = this.#o.answer(request);
    } catch (e) {
      this.#o.logger.warn({ err: e }, "a request from the club board could not be answered");
      return;
    }
    this.#o.logger.info({ ...request, rows: rows.length }, "the club board asked again");
    for (const row of rows) this.#client.publish(tableTopic(this.#o.club, row.topic), row.payload, { qos: 1 });
  }

  #publishState(): void {
    if (!this.#client.connected || this.#closed) return;
    this.#lastState = Date.now();
    this.#client.publish(tableTopic(this.#o.club, "state"), JSON.stringify(this.#o.summary()), { qos: 1, retain: true });
  }

  #drain(): void {
    if (!this.#client.connected || this.#closed) return;
    const room = (this.#o.window ?? 64) - this.#inFlight.length;
    if (room <= 0) return;
    const gen = this.#generation;
    for (const row of this.#o.outbox.after(this.#handedThrough, room)) {
      const slot = { id: row.id, acked: false };
      this.#inFlight.push(slot);
      this.#handedThrough = row.id;
      this.#client.publish(tableTopic(this.#o.club, row.topic), row.payload, { qos: 1 }, (err) => {
        if (err || gen !== this.#generation) return;
        slot.acked = true;
        this.#advance();
      });
    }
  }

  /** Moves the acknowledged mark over the contiguous acknowledged head, then sends more. */
  #advance(): void {
    while (this.#inFlight[0]?.acked) {
      const done = this.#inFlight.shift();
      if (done) this.#ackedThrough = done.id;
      this.#acknowledged++;
    }
    // one write per burst, not per message: the cursor only says where to resume
    this.#persistTimer ??= setTimeout(() => {
      this.#persistTimer = undefined;
      this.#persist();
    }, 50);
    this.#drain();
  }

  #persist(): void {
    clearTimeout(this.#persistTimer);
    this.#persistTimer = undefined;
    try {
      if (this.#ackedThrough > this.#o.outbox.sentThrough()) this.#o.outbox.acknowledge(this.#ackedThrough);
    } catch (e) {
      this.#o.logger.warn({ err: e }, "the club outbox cursor could not be saved");
    }
  }
}
