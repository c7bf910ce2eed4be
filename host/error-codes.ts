/**
 * Every stable error code the project returns (docs/reference/errors.md), with the HTTP status the host answers it
 * with and what it means: the rules core's own (src/error-codes.ts) and those only the host, its devices and its store
 * raise, declared here into the core's registry so `fail` takes them too.
 */
import { type ErrorCodeInfo, RULES_ERROR_CODES } from "../src/error-codes.ts";

/** The codes the host, its devices and its store raise; the rules core never does. */
export const HOST_ERROR_CODES = {
  // Bad input: the request, a file or a body is not what it must be.
  "input.media-type": { status: 400, meaning: "The body is not JSON." },
  "input.too-deep": { status: 400, meaning: "The body nests deeper than the host takes." },
  "input.too-large": { status: 400, meaning: "The body is larger than the host takes." },
  "config.invalid": { status: 400, meaning: "The table file or a device setting is wrong." },
  "roster.invalid": { status: 400, meaning: "A roster has bad rows; `errors` lists each by line and field." },
  "decode.rejected": { status: 400, meaning: "Device bytes that do not decode." },
  "decode.unavailable": { status: 400, meaning: "No decoder for that device family." },
  // Things named inside a body: the body is wrong (400), not the address.
  "die.unknown": { status: 400, meaning: "A body names a die the table does not know." },
  "side.unknown": { status: 400, meaning: "A body names a side that is not playing." },
  "ruleset.unknown": { status: 400, meaning: "A body, file or stored game names a rule set this version does not have." },
  "scenario.unknown": { status: 400, meaning: "A body or file names a scenario that is not bundled." },
  // Unknown things named by the address.
  "route.unknown": { status: 404, meaning: "No such address." },
  "device.unknown": { status: 404, meaning: "No device with that id." },
  "binding.unknown": { status: 404, meaning: "No binding with that id." },
  "game.unknown": { status: 404, meaning: "No game with that id in the table's file." },
  "rescued.unknown": { status: 404, meaning: "No rescued copy of that name beside the game file." },
  "die.bound": { status: 409, meaning: "The die rolled to be bound already has a binding." },
  "game.open": { status: 409, meaning: "The table's open game cannot be deleted." },
  "sim.unavailable": { status: 404, meaning: "The table has no emulated device of that kind." },
  // The table is not in a state to do it.
  "action.none": { status: 409, meaning: "There is no action to send." },
  "action.follow-up": { status: 409, meaning: "A follow-up the rules demand must come first." },
  "dice.rolling": { status: 409, meaning: "Dice are in for an action not yet resolved: roll the rest or cancel it first." },
  "undo.nothing": { status: 409, meaning: "There is nothing to undo." },
  "game.mid-roll": { status: 409, meaning: "Dice are being rolled for an action: finish or cancel the roll before ending the game." },
  "device.taken": { status: 409, meaning: "The device found is on the table already, or its id is taken." },
  "devices.fixed": {
    status: 409,
    meaning: "The demo table's emulated devices are fixed: devices are added to a table started from a table file.",
  },
  "device.in-file": { status: 409, meaning: "The device is listed in the table file: change it there." },
  "pairing.unavailable": { status: 409, meaning: "The host is not listening yet, so there is no address to pair a phone with." },
  // Refused callers and host state.
  "auth.required": { status: 401, meaning: "The request needs the table's key." },
  "origin.refused": { status: 403, meaning: "The request came from another site." },
  "host.refused": { status: 403, meaning: "The request named another host." },
  "phones.closed": { status: 403, meaning: "The table takes requests from this machine only: open phones' access on /devices." },
  "live.upgrade": { status: 426, meaning: "The live address takes WebSocket upgrades only." },
  "sim.refused": { status: 400, meaning: "The emulated device refused the command." },
  "data.locked": { status: 400, meaning: "The rule set's data file cannot change mid-game." },
  "camera.corners": { status: 400, meaning: "A photo or frame does not show the table's corner markers, so no position can be read." },
  "camera.unavailable": {
    status: 409,
    meaning: "The camera sent positions but the table file names no positions source (devices.positions).",
  },
  "store.unreadable": { status: 400, meaning: "A saved game cannot be read." },
  "store.unwritable": {
    status: 503,
    meaning: "The game file takes no writes now (disk full, read-only, deleted or replaced); the dice are kept until it does.",
  },
  internal: { status: 500, meaning: "The host failed; see its log." },
} as const satisfies Readonly<Record<string, ErrorCodeInfo>>;

type HostErrorCodes = typeof HOST_ERROR_CODES;
declare module "../src/error-codes.ts" {
  interface ErrorCodeRegistry extends HostErrorCodes {}
}

/** The whole catalogue, by code. */
export const ERROR_CODES: Readonly<Record<string, ErrorCodeInfo>> = { ...RULES_ERROR_CODES, ...HOST_ERROR_CODES };

/** Whether a string is a catalogued code. */
export const isErrorCode = (code: string): boolean => Object.hasOwn(ERROR_CODES, code);

/** The HTTP status of a code; a code outside the catalogue is bad input (400). */
export function httpStatusOf(code: string): number {
  return ERROR_CODES[code]?.status ?? 400;
}
