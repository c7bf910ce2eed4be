/**
 * The bridge firmware's PN532 readers as ordinary `NfcReader`s (`bridge:0` … `bridge:3`). They share the
 * serial line of the wind dial (one USB cable to the bridge board): after every Firmata handshake they ask
 * the board for a snapshot, and keep one presence per reader so a reconnect or a repeated report never
 * doubles an arrival; a tag that vanished while the line was down is reported as left at the next snapshot.
 */
import type { EventEmitter } from "node:events";
import type { Logger } from "pino";
import { Listeners } from "../common/listeners.ts";
import { HealthCell, type NfcReader, readerHealth } from "../nfc/reader.ts";
import type { DeviceHealth, TagArrived, TagLeft, Unsubscribe } from "../readings.ts";
import { type BridgeMessage, encodeBridgeMessage, MAX_READERS } from "./messages.ts";
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

interface Slot {
  readonly reader: NfcReader;
  readonly health: HealthCell;
  readonly tags: Listeners<TagArrived | TagLeft>;
  uid: string | null;
  /** Present before the last reconnect and not yet confirmed by the board's snapshot. */
  stale: boolean;
}

export interface BridgeReadersOptions {
  readonly count?: number;
  readonly emulated?: boolean;
  readonly logger?: Logger;
  readonly now?: () => number;
}

/** Creates the readers of one bridge board. Start any of them to start listening (idempotent). */
export function createBridgeReaders(connection: BridgeConnection, options: BridgeReadersOptions = {}): NfcReader[] {
  const now = options.now ?? Date.now;
  const emulated = options.emulated ?? false;
  const count = Math.min(options.count ?? MAX_READERS, MAX_READERS);
  let offConnected: Unsubscribe | null = null;
  let offBoard: Unsubscribe | null = null;
  /** Stops listening to the current port (the one `attach` last took). */
  let detach: () => void = () => {};
  let starts = 0;

  const slots: Slot[] = Array.from({ length: count }, (_, i) => {
    const id = `bridge:${i}`;
    const health = new HealthCell(readerHealth(id, "bridge", emulated, "connecting"));
    const tags = new Listeners<TagArrived | TagLeft>();
    const reader: NfcReader = {
      readerId: id,
      async start() {
        starts += 1;
        offConnected ??= connection.onConnected(attach);
        if (!offBoard && connection.onHealth) {
          offBoard = connection.onHealth(boardHealth);
          const h = connection.health?.();
          if (h) boardHealth(h);
        }
      },
      async stop() {
        starts = Math.max(0, starts - 1);
        if (starts === 0) {
          offConnected?.();
          offConnected = null;
          offBoard?.();
          offBoard = null;
          detach();
        }
      },
      onTag: (l) => tags.add(l),
      onHealth: (l) => health.onChange(l),
      health: () => health.value,
    };
    return { reader, health, tags, uid: null, stale: false };
  });

  const setHealth = (slot: Slot, status: string, message?: string) =>
    slot.health.set(readerHealth(slot.reader.readerId, "bridge", emulated, status, { message, lastSeen: now() }));

  /** While the board itself cannot be reached, every reader says so (with the board's reason). */
  const boardHealth = (h: DeviceHealth) => {
    if (h.connected || h.status === "connecting") return;
    const status = h.status === "missing" || h.status === "unavailable" ? "missing" : "reconnecting";
    for (const s of slots) setHealth(s, status, `The bridge board is not reachable: ${h.message ?? h.status}.`);
  };

  const left = (slot: Slot) => {
    if (slot.uid === null) return;
    slot.tags.emit({ type: "tag.left", readerId: slot.reader.readerId, uid: slot.uid, at: now() });
    slot.uid = null;
    slot.stale = false;
  };

  const handle = (m: BridgeMessage) => {
    const slot = "reader" in m ? slots[m.reader] : undefined;
    if (m.type === "tag-arrived" && slot) {
      if (slot.uid === m.uid) {
        slot.stale = false; // the same tag, re-reported after a reconnect or query
        return;
      }
      left(slot);
      slot.uid = m.uid;
      slot.tags.emit({ type: "tag.arrived", readerId: slot.reader.readerId, uid: m.uid, at: now() });
    } else if (m.type === "tag-left" && slot) {
      if (slot.uid === m.uid) left(slot);
    } else if (m.type === "reader-status" && slot) {
      if (m.found) setHealth(slot, "connected");
      else
        setHealth(
          slot,
          "missing",
          `Bridge reader ${m.reader}: no PN532 answers (check its I2C wiring and multiplexer channel ${m.reader}).`,
        );
    } else if (m.type === "round-done") {
      for (const [i, s] of slots.entries()) {
        if (s.stale) left(s);
        if (i >= m.readerCount) setHealth(s, "missing", "The bridge found no TCA9548A multiplexer, so only reader 0 is polled.");
      }
    }
  };

  /** Listens to a (re)connected port, and to nothing else: a stop and a new start never leave two listeners. */
  function attach(port: BridgePort): void {
    for (const s of slots) s.stale = s.uid !== null;
    const decoder = new BridgeStreamDecoder(
      handle,
      (reason) => options.logger?.warn({ reason }, "bridge: malformed NFC message"),
      () => {
        for (const s of slots) s.stale = s.uid !== null; // the board restarted: settle again at its round-done
      },
    );
    const onData = (chunk: Buffer) => decoder.push(chunk);
    const onClose = () => {
      port.off("data", onData);
      for (const s of slots) setHealth(s, "reconnecting", "The bridge board's serial line is down.");
    };
    detach();
    detach = () => {
      port.off("data", onData);
      port.off("close", onClose);
    };
    port.on("data", onData);
    port.once("close", onClose);
    port.write(Buffer.from(encodeBridgeMessage({ type: "query" })));
  }

  return slots.map((s) => s.reader);
}
