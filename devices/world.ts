/**
 * Where the table's devices are reached: the machine's own Bluetooth adapters, serial ports and HID devices, or
 * the emulated world of the demo (`--sim` with a table file that lists its devices, `devices/testing/emulated-world.ts`).
 * The families build their drivers over a world's transports, and discovery (/devices → "Add a device") looks
 * through the same ones, so what is found is what the drivers then open.
 */
import type { BleAdapterConfig } from "./ble/config.ts";
import type { BleCentral } from "./ble/seam.ts";
import type { PortFactory } from "./firmata/port.ts";
import type { HidBackend } from "./hid/transport.ts";
import type { SerialPortInfo } from "./serial/serialport-transport.ts";
import type { SerialBackend, SerialTransportFactory } from "./serial/transport.ts";

/** The transports of one world. */
export interface DeviceWorld {
  /** Health entries of devices built over it say "emulated". */
  readonly emulated: boolean;
  /** The adapters dice are heard through when the table names none (`devices.ble`). */
  readonly defaultAdapters: readonly BleAdapterConfig[];
  /** The central of one adapter, shared by its users (dice, discovery); the world closes it. */
  central(adapter: BleAdapterConfig): BleCentral;
  /** Lists the serial ports (rejects with a sentence when they cannot be listed). */
  listSerial(): Promise<SerialPortInfo[]>;
  /** Opens serial ports (one transport per (re)connect). */
  readonly serial: SerialTransportFactory;
  /** The serialport binding the ports are opened through; undefined = serialport's native one. */
  readonly serialBackend?: SerialBackend;
  /** Serial ports of Firmata boards, for johnny-five. */
  firmataPorts(): Promise<PortFactory>;
  /** The HID backend (rejects its calls with `HidUnavailableError` when HID cannot be used here). */
  readonly hid: HidBackend;
  /** Closes the centrals and whatever the world opened. */
  close(): Promise<void>;
}

/** The key of an adapter, for keeping one central per adapter. */
export const adapterKey = (a: BleAdapterConfig): string => `${a.binding}:${a.port ?? ""}:${a.deviceId ?? ""}:${a.baudRate ?? ""}`;
