/**
 * The HCI commands noble sends (Core Vol 4 Part E §7), their opcodes, and the Command Complete / Command Status
 * events that answer them. The local-information commands are answered here from the controller's fixed
 * identity; link and scan commands are the controller's (`controller.ts`).
 */
import { concat, eventPacket, le } from "./h4.ts";
import { addressBytes } from "./le-scanning.ts";

const op = (ogf: number, ocf: number) => (ogf << 10) | ocf;

export const OPCODE = {
  disconnect: op(0x01, 0x0006),
  setEventMask: op(0x03, 0x0001),
  reset: op(0x03, 0x0003),
  setEventFilter: op(0x03, 0x0005),
  readLeHostSupported: op(0x03, 0x006c),
  writeLeHostSupported: op(0x03, 0x006d),
  readLocalVersion: op(0x04, 0x0001),
  readSupportedCommands: op(0x04, 0x0002),
  readBufferSize: op(0x04, 0x0005),
  readBdAddr: op(0x04, 0x0009),
  readRssi: op(0x05, 0x0005),
  leSetEventMask: op(0x08, 0x0001),
  leReadBufferSize: op(0x08, 0x0002),
  leReadLocalFeatures: op(0x08, 0x0003),
  leSetScanParameters: op(0x08, 0x000b),
  leSetScanEnable: op(0x08, 0x000c),
  leCreateConnection: op(0x08, 0x000d),
  leCreateConnectionCancel: op(0x08, 0x000e),
  leConnectionUpdate: op(0x08, 0x0013),
} as const;

/** HCI error codes (Core Vol 1 Part F) the emulator uses. */
export const HCI_STATUS = {
  success: 0x00,
  unknownCommand: 0x01,
  unknownConnection: 0x02,
  connectionTimeout: 0x08,
  connectionLimitExceeded: 0x09,
  commandDisallowed: 0x0c,
  invalidParameters: 0x12,
  remoteUserTerminated: 0x13,
  localHostTerminated: 0x16,
  failedToEstablish: 0x3e,
} as const;

/** The LE ACL buffers the controller reports: 27-octet packets (one LE PDU, no Data Length Extension), 8 of them. */
export const LE_ACL_BUFFER = { length: 27, count: 8 } as const;

export function commandComplete(opcode: number, ret: Uint8Array): Uint8Array {
  return eventPacket(0x0e, concat(le([1, 1], [opcode, 2]), ret));
}

export function commandStatus(opcode: number, status: number): Uint8Array {
  return eventPacket(0x0f, le([status, 1], [1, 1], [opcode, 2]));
}

/** The Command Complete answering a local-information or configuration command; null when not one of those. */
export function localReply(opcode: number, address: string): Uint8Array | null {
  const ok = (...rest: Uint8Array[]) => commandComplete(opcode, concat(Uint8Array.of(HCI_STATUS.success), ...rest));
  switch (opcode) {
    case OPCODE.reset:
    case OPCODE.setEventMask:
    case OPCODE.setEventFilter:
    case OPCODE.writeLeHostSupported:
    case OPCODE.leSetEventMask:
    case OPCODE.leSetScanParameters:
      return ok();
    case OPCODE.readLeHostSupported:
      return ok(Uint8Array.of(1, 0));
    case OPCODE.readLocalVersion:
      // HCI 5.0 (0x09), revision 1, LMP 5.0, manufacturer 0x05F1 (The Linux Foundation, as Zephyr reports), subversion 1.
      return ok(le([0x09, 1], [1, 2], [0x09, 1], [0x05f1, 2], [1, 2]));
    case OPCODE.readSupportedCommands:
      return ok(new Uint8Array(64));
    case OPCODE.readBufferSize:
      return ok(le([LE_ACL_BUFFER.length, 2], [0, 1], [LE_ACL_BUFFER.count, 2], [0, 2]));
    case OPCODE.leReadBufferSize:
      return ok(le([LE_ACL_BUFFER.length, 2], [LE_ACL_BUFFER.count, 1]));
    case OPCODE.leReadLocalFeatures:
      // No LE extended advertising, no data length extension: noble uses the legacy commands.
      return ok(new Uint8Array(8));
    case OPCODE.readBdAddr:
      return ok(addressBytes(address));
    default:
      return null;
  }
}
