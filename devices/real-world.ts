/**
 * The machine's own devices as a {@link DeviceWorld}: noble over each adapter (one central per adapter, kept for
 * the table's life and shared by the dice and discovery), serialport's native binding, node-hid, johnny-five's
 * serial ports. Nothing loads before it is used: a table without dice never loads the Bluetooth stack.
 */
import type { Logger } from "pino";
import { type BleAdapterConfig, bindingOf } from "./ble/config.ts";
import { createNobleCentral } from "./ble/noble-adapter.ts";
import type { BleCentral } from "./ble/seam.ts";
import { sharedCentral } from "./ble/shared-central.ts";
import { nodeHidBackend } from "./hid/node-hid-backend.ts";
import { listSerialPorts, serialPortFactory } from "./serial/serialport-transport.ts";
import { serialPortFactory as firmataPortFactory } from "./wind-dial/five.ts";
import { adapterKey, type DeviceWorld } from "./world.ts";

/** The real world; `logger` gets the centrals' lines. */
export function realWorld(opts: { logger?: Logger } = {}): DeviceWorld {
  const centrals = new Map<string, { own: BleCentral; shared: BleCentral }>();
  return {
    emulated: false,
    defaultAdapters: [{ binding: "auto" }],
    central(adapter: BleAdapterConfig) {
      const key = adapterKey(adapter);
      let c = centrals.get(key);
      if (!c) {
        const own = createNobleCentral({ binding: bindingOf(adapter), ...(opts.logger ? { logger: opts.logger } : {}) });
        c = { own, shared: sharedCentral(own) };
        centrals.set(key, c);
      }
      return c.shared;
    },
    listSerial: listSerialPorts,
    serial: serialPortFactory,
    firmataPorts: firmataPortFactory,
    hid: nodeHidBackend(),
    async close() {
      await Promise.allSettled([...centrals.values()].map((c) => c.own.close()));
      centrals.clear();
    },
  };
}
