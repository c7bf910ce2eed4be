/**
 * The BLE seam: the few Promise-returning operations the dice drivers need from a BLE central, with the
 * contract of each in TSDoc. The noble adapter (`noble-adapter.ts`) and the far-side emulators
 * (`devices/testing/ble/`) implement it; drivers see nothing else of Bluetooth.
 *
 * UUIDs crossing this seam are in noble's form: lowercase hex without dashes (`a6b900017a5a43f2a962350c8edc9b5b`,
 * 16-bit ones as `180a`). Use {@link uuidKey} to normalise.
 */
import type { Unsubscribe } from "../readings.ts";

/** Whether the central can be used. `unavailable` carries the reason ("EAFNOSUPPORT …", "no adapter"). */
export type BleCentralState =
  | { readonly kind: "ready" }
  | { readonly kind: "starting" }
  | { readonly kind: "off"; readonly reason: string }
  | { readonly kind: "unavailable"; readonly reason: string };

/** Service data of one advertised service UUID. */
export interface BleServiceData {
  readonly uuid: string;
  readonly data: Uint8Array;
}

/** What one advertisement (merged with its scan response) says about a peripheral. */
export interface BleAdvertisement {
  /** Stable id of the peripheral for this central (noble's `id`, usually the address without colons). */
  readonly id: string;
  /** `aa:bb:cc:dd:ee:ff` when the stack knows it, else undefined. */
  readonly address?: string;
  readonly name?: string;
  readonly rssi: number;
  /** Raw manufacturer AD payload INCLUDING the 2-byte company id (noble's layout). */
  readonly manufacturerData?: Uint8Array;
  readonly serviceUuids: readonly string[];
  readonly serviceData: readonly BleServiceData[];
  readonly connectable: boolean;
}

/** One `discover` event: the advertisement and a handle valid from this discovery on. */
export interface BleDiscovery {
  readonly advertisement: BleAdvertisement;
  /** A fresh handle for this peripheral. After a disconnect, use a handle from a NEW discovery (noble#838). */
  readonly peripheral: BlePeripheral;
}

export interface BleScanOptions {
  /** Only report peripherals advertising one of these service UUIDs; empty or absent = all. */
  readonly serviceUuids?: readonly string[];
  /** Report every advertisement, not only the first per peripheral (needed to follow adverts). */
  readonly allowDuplicates: boolean;
}

/**
 * A BLE central (the host's adapter).
 *
 * Contract: methods never throw synchronously. When the adapter is unavailable, `startScan` rejects with an
 * Error whose message is the reason and `state` says `unavailable`; callers show that as a status and carry on.
 * Scanning may stop on its own while a connection is being made (noble#191); the central restarts it, so a
 * caller that asked for a scan keeps receiving discoveries until it calls `stopScan`.
 */
export interface BleCentral {
  state(): BleCentralState;
  /** Called on every state change (including from `starting` to `ready`/`unavailable`). */
  onStateChange(listener: (state: BleCentralState) => void): Unsubscribe;
  /** Resolves once the central is ready or definitely not (never rejects). */
  whenSettled(): Promise<BleCentralState>;
  startScan(options: BleScanOptions): Promise<void>;
  stopScan(): Promise<void>;
  onDiscover(listener: (discovery: BleDiscovery) => void): Unsubscribe;
  /** Stops scanning and releases the adapter. Idempotent. */
  close(): Promise<void>;
}

/** Options of {@link BlePeripheral.connect}. */
export interface BleConnectOptions {
  /** Milliseconds before the attempt is cancelled and the promise rejects. Values below 10 000 are raised to 10 000. */
  readonly timeoutMs?: number;
}

/** The minimum connect timeout the seam guarantees (Pixels' own SDK waits 10 s). */
export const MIN_CONNECT_TIMEOUT_MS = 10_000;

/** A GATT characteristic of a connected peripheral. */
export interface BleCharacteristic {
  readonly uuid: string;
  /** noble's property names: `read`, `write`, `writeWithoutResponse`, `notify`, `indicate`. */
  readonly properties: readonly string[];
  /**
   * Enables notifications (writes the CCCD) and delivers each notification as one `Uint8Array`. Resolves once the
   * die will deliver; messages the die sent before that are lost (Pixels drops them, dice-ble §1.7).
   */
  subscribe(listener: (data: Uint8Array) => void): Promise<Unsubscribe>;
  /** Writes one message. `withoutResponse` = Write Command; otherwise Write Request (resolves on the response). */
  write(data: Uint8Array, withoutResponse: boolean): Promise<void>;
}

/** A discovered GATT service with its characteristics. */
export interface BleService {
  readonly uuid: string;
  readonly characteristics: readonly BleCharacteristic[];
}

/**
 * One peripheral handle.
 *
 * Contract: `connect` rejects after the timeout (≥ 10 s) and leaves the handle disconnected. After a disconnect
 * every pending or later `discover`/`write`/`subscribe` rejects with an Error whose `disconnected` is true; the
 * handle is not reused: the caller re-scans for a fresh one. `onDisconnect` fires once per connection, for
 * link loss and for `disconnect()` alike.
 */
export interface BlePeripheral {
  readonly id: string;
  connect(options?: BleConnectOptions): Promise<void>;
  /** Discovers the given services (those the peripheral has; absent ones are left out) with all their characteristics. */
  discover(serviceUuids: readonly string[]): Promise<readonly BleService[]>;
  /** Reads the link's RSSI in dBm. */
  readRssi(): Promise<number>;
  /** The negotiated ATT MTU, when known. */
  mtu(): number | null;
  disconnect(): Promise<void>;
  onDisconnect(listener: (reason: string) => void): Unsubscribe;
}

/** An Error from a link that went away; callers test `disconnected`. */
export class BleDisconnectedError extends Error {
  readonly disconnected = true;
  constructor(message = "The BLE link is disconnected.") {
    super(message);
    this.name = "BleDisconnectedError";
  }
}

/** noble's UUID form: lowercase, no dashes (`A6B90001-7A5A-…` → `a6b900017a5a…`). */
export function uuidKey(uuid: string): string {
  return uuid.replace(/-/g, "").toLowerCase();
}

/** Hex of bytes, lowercase with spaces: `03 01 13`. */
export function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(" ");
}
