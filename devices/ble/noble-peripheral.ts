/**
 * {@link BlePeripheral} over one noble peripheral handle. Thin by design: the contract lives in `seam.ts`
 * and is exercised against the emulators; this file only maps names and adds the connect timeout.
 */

import { type Clock, withTimeout } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import type { NobleCharacteristic, NoblePeripheral } from "./noble-types.ts";
import {
  type BleCharacteristic,
  type BleConnectOptions,
  BleDisconnectedError,
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

/** Wraps a noble peripheral handle in the seam's interface. */
export function noblePeripheral(p: NoblePeripheral, clock: Clock): BlePeripheral {
  let connected = false;
  const listeners = new Listeners<string>();
  // noble hands out the same object on every discovery of a peripheral: listen only while this handle is
  // connected, so repeated adverts (allowDuplicates) do not pile up listeners.
  const onNobleDisconnect = (reason?: unknown) => {
    p.removeListener("disconnect", onNobleDisconnect as (...args: never[]) => void);
    if (!connected) return;
    connected = false;
    listeners.emit(typeof reason === "string" && reason !== "" ? reason : "link lost");
  };
  return {
    id: p.id,
    async connect(options?: BleConnectOptions) {
      const ms = Math.max(options?.timeoutMs ?? MIN_CONNECT_TIMEOUT_MS, MIN_CONNECT_TIMEOUT_MS);
      await withTimeout(clock, p.connectAsync(), ms, `connect to ${p.id} timed out after ${ms} ms`, () => p.cancelConnect());
      connected = true;
      p.on("disconnect", onNobleDisconnect as (...args: never[]) => void);
    },
    async discover(serviceUuids) {
      if (!connected) throw new BleDisconnectedError();
      const { services } = await p.discoverSomeServicesAndCharacteristicsAsync(serviceUuids.map(uuidKey), []);
      return services.map(
        (s): BleService => ({
          uuid: uuidKey(s.uuid),
          characteristics: (s.characteristics ?? []).map((c) => wrapCharacteristic(c, () => connected)),
        }),
      );
    },
    async readRssi() {
      if (!connected) throw new BleDisconnectedError();
      return p.updateRssiAsync();
    },
    mtu: () => p.mtu ?? null,
    async disconnect() {
      if (p.state === "disconnected") return onNobleDisconnect("disconnected by host");
      await p.disconnectAsync();
      onNobleDisconnect("disconnected by host");
    },
    onDisconnect(listener): Unsubscribe {
      return listeners.add(listener);
    },
  };
}
