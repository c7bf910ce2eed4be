/**
 * The bridge firmware's PN532 readers as ordinary `NfcReader`s (`bridge:0` … `bridge:3`). They share the
 * serial line of the wind dial (one USB cable to the bridge board): after every Firmata handshake they ask
 * the board for a snapshot, and keep one presence per reader (`reader-slot.ts`) so a reconnect or a repeated
 * report never doubles an arrival; a tag that vanished while the line was down is reported as left at the next
 * snapshot.
 */
import type { EventEmitter } from "node:events";
import type { Logger } from "pino";
import type { NfcReader } from "../nfc/reader.ts";
import type { DeviceHealth, Unsubscribe } from "../readings.ts";
import { type BridgeMessage, encodeBridgeMessage, MAX_READERS } from "./messages.ts";
import { BridgeReaderSlot } from "./reader-slot.ts";
import { BridgeStreamDecoder } from "./stream.ts";

/** The slice of the board's serial port the readers use; the wind dial driver's Firmata port is one. */
export interface BridgePort extends EventEmitter {
  write(data: Buffer): boolean;
}

/** What the readers need of the bridge connection: the wind dial driver provides it. */
export interface BridgeConnection {
  onConnected(listener: (port: BridgePort) => void): Unsubscribe;
  /** The board link's own health (the dial's), so a reader can say why it is not connected. */
  onHealth?(listener: (health: DeviceHealth) => void): Unsubscribe;
  health?(): DeviceHealth;
}

export interface BridgeReadersOptions {
  readonly count?: number;
  readonly emulated?: boolean;
  readonly logger?: Logger;
  readonly now?: () => number;
}

/** Creates the readers of one bridge board. Start any of them to start listening (idempotent). */
export function createBridgeReaders(connection: BridgeConnection, options: BridgeReadersOptions = {}): NfcReader[] {
  return new BridgeBoard(connection, options).readers;
}

/** The board's line as its readers share it: listened to while any reader is started. */
class BridgeBoard {
  readonly readers: NfcReader[];
  readonly #slots: BridgeReaderSlot[];
  #starts = 0;
  #offConnected: Unsubscribe | null = null;
  #offBoard: Unsubscribe | null = null;
  /** Stops listening to the current port (the one `#attach` last took). */
  #detach: () => void = () => {};

  constructor(
    private readonly connection: BridgeConnection,
    private readonly options: BridgeReadersOptions,
  ) {
    const count = Math.min(options.count ?? MAX_READERS, MAX_READERS);
    const now = options.now ?? Date.now;
    this.#slots = Array.from({ length: count }, (_, i) => new BridgeReaderSlot(`bridge:${i}`, options.emulated ?? false, now));
    this.readers = this.#slots.map((slot) => ({
      readerId: slot.readerId,
      start: async () => this.#start(),
      stop: async () => this.#stop(),
      onTag: (l) => slot.tags.add(l),
      onHealth: (l) => slot.health.onChange(l),
      health: () => slot.health.value,
    }));
  }

  #start(): void {
    this.#starts += 1;
    this.#offConnected ??= this.connection.onConnected((port) => this.#attach(port));
    if (!this.#offBoard && this.connection.onHealth) {
      this.#offBoard = this.connection.onHealth((h) => this.#boardHealth(h));
      const h = this.connection.health?.();
      if (h) this.#boardHealth(h);
    }
  }

  #stop(): void {
    this.#starts = Math.max(0, this.#starts - 1);
    if (this.#starts > 0) return;
    this.#offConnected?.();
    this.#offConnected = null;
    this.#offBoard?.();
    this.#offBoard = null;
    this.#detach();
  }

  /** While the board itself cannot be reached, every reader says so (with the board's reason). */
  #boardHealth(h: DeviceHealth): void {
    if (h.connected || h.status === "connecting") return;
    const status = h.status === "missing" || h.status === "unavailable" ? "missing" : "reconnecting";
    for (const s of this.#slots) s.setHealth(status, `The bridge board is not reachable: ${h.message ?? h.status}.`);
  }

  #handle(m: BridgeMessage): void {
    const slot = "reader" in m ? this.#slots[m.reader] : undefined;
    if (m.type === "tag-arrived" && slot) slot.arrived(m.uid);
    else if (m.type === "tag-left" && slot) slot.departed(m.uid);
    else if (m.type === "reader-status" && slot) {
      if (m.found) slot.setHealth("connected");
      else
        slot.setHealth(
          "missing",
          `Bridge reader ${m.reader}: no PN532 answers (check its I2C wiring and multiplexer channel ${m.reader}).`,
        );
    } else if (m.type === "round-done") {
      for (const [i, s] of this.#slots.entries()) {
        s.roundDone();
        if (i >= m.readerCount) s.setHealth("missing", "The bridge found no TCA9548A multiplexer, so only reader 0 is polled.");
      }
    }
  }

  /** Listens to a (re)connected port, and to nothing else: a stop and a new start never leave two listeners. */
  #attach(port: BridgePort): void {
    for (const s of this.#slots) s.unconfirm();
    const decoder = new BridgeStreamDecoder(
      (m) => this.#handle(m),
      (reason) => this.options.logger?.warn({ reason }, "bridge: malformed NFC message"),
      () => {
        for (const s of this.#slots) s.unconfirm(); // the board restarted: settle again at its round-done
      },
    );
    const onData = (chunk: Buffer) => decoder.push(chunk);
    const onClose = () => {
      port.off("data", onData);
      for (const s of this.#slots) s.setHealth("reconnecting", "The bridge board's serial line is down.");
    };
    this.#detach();
    this.#detach = () => {
      port.off("data", onData);
      port.off("close", onClose);
    };
    port.on("data", onData);
    port.once("close", onClose);
    port.write(Buffer.from(encodeBridgeMessage({ type: "query" })));
  }
}
