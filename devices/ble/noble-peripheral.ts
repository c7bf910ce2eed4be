/**
 * {@link BlePeripheral} over one noble peripheral handle, and a noble discovery as the seam's. Thin by design: the
 * contract lives in `seam.ts` and is exercised against the emulators; this file only maps names and adds the
 * connect timeout.
 */

import { type Clock, withTimeout } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import type { NobleCharacteristic, NoblePeripheral } from "./noble-types.ts";
import {
  type BleCharacteristic,
  type BleConnectOptions,
  BleDisconnectedError,
  type BleDiscovery,
  type BlePeripheral,
  type BleService,
  MIN_CONNECT_TIMEOUT_MS,
  uuidKey,
} from "./seam.ts";

function wrapCharacteristic(c: NobleCharacteristic, isConnected: () => boolean): BleCharacteristic {
  return {
    uuid: uuidKey(c.uuid),
    properties: [...c.properties],
    async subscribe(listener) {
      if (!isConnected()) throw new BleDisconnectedError();
      const onData = (data: Buffer) => listener(new Uint8Array(data));
      c.on("data", onData as (...args: never[]) => void);
      await c.subscribeAsync();
      return () => {
        c.removeListener("data", onData as (...args: never[]) => void);
      };
    },
    async write(data, withoutResponse) {
      if (!isConnected()) throw new BleDisconnectedError();
      await c.writeAsync(Buffer.from(data), withoutResponse);
    },
  };
}

/** How long a host-side disconnect may take before the handle is given up anyway. */
const DISCONNECT_TIMEOUT_MS = 3000;

/** HCI disconnect reasons (Core Vol 1 Part F) a die's link ends with, in words. */
const HCI_REASONS: Readonly<Record<number, string>> = {
  8: "connection timeout (the die went out of range)",
  19: "the die ended the connection",
  20: "the die ended the connection (low resources)",
  21: "the die ended the connection (power off)",
  22: "connection ended by the host",
  34: "LL response timeout",
  62: "the connection failed to be established",
};

/** noble's hci binding gives the numeric HCI reason; other bindings a string. */
export function disconnectReason(reason: unknown): string {
  if (typeof reason === "number") {
    const hex = `0x${reason.toString(16).padStart(2, "0")}`;
    return `${HCI_REASONS[reason] ?? "link lost"} (HCI ${hex})`;
  }
  return typeof reason === "string" && reason !== "" ? reason : "link lost";
}

/** One noble `discover` event as the seam's discovery: the advertisement in the seam's form and a fresh handle. */
export function discoveryOf(p: NoblePeripheral, clock: Clock): BleDiscovery {
  const ad = p.advertisement ?? {};
  return {
    advertisement: {
      id: p.id,
      ...(p.address && p.address !== "unknown" ? { address: p.address } : {}),
      ...(ad.localName ? { name: ad.localName } : {}),
      rssi: p.rssi,
      ...(ad.manufacturerData ? { manufacturerData: new Uint8Array(ad.manufacturerData) } : {}),
      serviceUuids: (ad.serviceUuids ?? []).map(uuidKey),
      serviceData: (ad.serviceData ?? []).map((s) => ({ uuid: uuidKey(s.uuid), data: new Uint8Array(s.data) })),
      connectable: p.connectable !== false,
    },
    peripheral: noblePeripheral(p, clock),
  };
}

/** Wraps a noble peripheral handle in the seam's interface. */
export function noblePeripheral(p: NoblePeripheral, clock: Clock): BlePeripheral {
  let connected = false;
  let connecting = false;
  const listeners = new Listeners<string>();
  // noble hands out the same object on every discovery of a peripheral: listen only while this handle is
  // connected, so repeated adverts (allowDuplicates) do not pile up listeners.
  const onNobleDisconnect = (reason?: unknown) => {
    p.removeListener("disconnect", onNobleDisconnect as (...args: never[]) => void);
    if (!connected) return;
    connected = false;
    listeners.emit(disconnectReason(reason));
  };
  return {
    id: p.id,
    async connect(options?: BleConnectOptions) {
      const ms = Math.max(options?.timeoutMs ?? MIN_CONNECT_TIMEOUT_MS, MIN_CONNECT_TIMEOUT_MS);
      connecting = true;
      try {
        await withTimeout(clock, p.connectAsync(), ms, `connect to ${p.id} timed out after ${ms} ms`, () => p.cancelConnect());
      } finally {
        connecting = false;
      }
      connected = true;
      p.on("disconnect", onNobleDisconnect as (...args: never[]) => void);
    },
    async discover(serviceUuids) {
      if (!connected) throw new BleDisconnectedError();
      // Not discoverSomeServicesAndCharacteristicsAsync: @stoprocent/noble rejects it when one of the requested
      // services is absent ("Could not find all requested services"), and the seam leaves absent ones out.
      const services = await p.discoverServicesAsync(serviceUuids.map(uuidKey));
      const found: BleService[] = [];
      for (const s of services) {
        const characteristics = await s.discoverCharacteristicsAsync([]);
        found.push({ uuid: uuidKey(s.uuid), characteristics: characteristics.map((c) => wrapCharacteristic(c, () => connected)) });
      }
      return found;
    },
    async readRssi() {
      if (!connected) throw new BleDisconnectedError();
      return p.updateRssiAsync();
    },
    mtu: () => p.mtu ?? null,
    async disconnect() {
      // A disconnect while connecting (a stopped link, a family rebuilt when a die is added) ends the attempt now.
      // Left to its timeout it would hold noble's one connection queue meanwhile, and since noble hands out one
      // object per peripheral, its cancel 10 s later would end the next link's attempt to the same die.
      if (connecting) p.cancelConnect();
      // Only a link we made is ended: after a failed connect noble's disconnectAsync waits for an event that
      // never comes (the controller answers Disconnect with "Unknown Connection Identifier").
      if (!connected || p.state === "disconnected") return onNobleDisconnect("disconnected by host");
      await withTimeout(clock, p.disconnectAsync(), DISCONNECT_TIMEOUT_MS, "disconnect timed out").catch(() => undefined);
      onNobleDisconnect("disconnected by host");
    },
    onDisconnect(listener): Unsubscribe {
      return listeners.add(listener);
    },
  };
}
