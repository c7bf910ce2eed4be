/**
 * In-process Firmata board emulator: an emulated Uno (`FirmataBoardEmulator`) behind an emulated USB cable
 * (`EmulatedFirmataLink`, a serialport binding). Used by `createEmulatedDial` and the dial tests.
 */

export { FIRMATA, FirmataSplitter, PIN_MODE } from "../../firmata/protocol.ts";
export { FirmataBoardEmulator, type FirmataBoardOptions } from "./board.ts";
export { EmulatedBridgeNfc } from "./bridge-nfc.ts";
export { EmulatedFirmataLink } from "./link.ts";
