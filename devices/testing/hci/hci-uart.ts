/**
 * An emulated HCI controller on a real pty pair (socat): the host opens `hostPath` as it would `/dev/ttyACM0`
 * of a USB HCI-UART dongle. Unplugging makes the TTY vanish, as pulling the dongle does.
 */
import { DEFAULT_UART_BAUD } from "../../ble/noble-binding.ts";
import { EmulatedSerialDevice } from "../nfc/serial-device.ts";
import { HciController, type HciControllerOptions } from "./controller.ts";

export { HciController, type HciControllerOptions } from "./controller.ts";

/** Makes a controller and plugs it onto a fresh pty pair. Call `dispose()` when done. */
export async function plugHciController(
  options: HciControllerOptions & { name?: string } = {},
): Promise<{ controller: HciController; serial: EmulatedSerialDevice<HciController>; hostPath: string; dispose(): Promise<void> }> {
  const controller = new HciController(options);
  const serial = new EmulatedSerialDevice(controller, { name: options.name ?? "hci", baudRate: DEFAULT_UART_BAUD });
  await serial.plug();
  return { controller, serial, hostPath: serial.hostPath, dispose: () => serial.dispose() };
}
