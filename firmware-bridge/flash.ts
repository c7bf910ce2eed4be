/**
 * `npm run firmware:flash -- --port /dev/ttyUSB0 [--board uno|nano|nano-old] [--hex FILE]`: builds the bridge
 * firmware if needed and writes it with avrdude through the board's serial bootloader (Optiboot on an Uno
 * or a new Nano at 115200 baud, the old Nano bootloader at 57600). Not run in CI: it needs a board.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildFirmware } from "./sim/harness.ts";

const BOARDS: Record<string, { baud: number }> = { uno: { baud: 115200 }, nano: { baud: 115200 }, "nano-old": { baud: 57600 } };

/** The avrdude command line for a board, port and hex file. */
export function avrdudeArgs(port: string, board: string, hex: string): string[] {
  const b = BOARDS[board];
  if (!b) throw new Error(`unknown board "${board}" (uno, nano, nano-old)`);
  return ["-p", "atmega328p", "-c", "arduino", "-P", port, "-b", String(b.baud), "-D", "-U", `flash:w:${hex}:i`];
}

export const FLASH_USAGE = `Usage: npm run firmware:flash -- --port PORT [--board uno|nano|nano-old] [--hex FILE]

Builds the bridge firmware (unless --hex is given) and writes it to the board with avrdude.

  --port PORT    the board's serial port, e.g. /dev/ttyUSB0 or /dev/ttyACM0
  --board NAME   uno (default) or nano: Optiboot at 115200 baud; nano-old: the old Nano bootloader at 57600
  --hex FILE     write this hex file instead of building one
  -h, --help     print this and exit
`;

/** Runs the flash command line; returns the exit code (0 done, 2 bad usage, 1 anything else). */
export function main(argv: string[]): number {
  let values: { port?: string | undefined; board?: string | undefined; hex?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        board: { type: "string", default: "uno" },
        hex: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`firmware:flash: ${(e as Error).message}\n\n${FLASH_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(FLASH_USAGE);
    return 0;
  }
  if (values.board && !BOARDS[values.board]) {
    console.error(`firmware:flash: unknown board "${values.board}" (uno, nano, nano-old).\n\n${FLASH_USAGE}`);
    return 2;
  }
  if (!values.port) {
    console.error("firmware:flash: give the board's serial port, e.g. npm run firmware:flash -- --port /dev/ttyUSB0");
    return 2;
  }
  const probe = spawnSync("avrdude", ["-?"], { stdio: "ignore" });
  if (probe.error) {
    console.error(
      "firmware:flash: avrdude is not installed. Install it (Debian/Ubuntu/Raspberry Pi OS: sudo apt-get install avrdude) and run this again.",
    );
    return 1;
  }
  let hex = values.hex;
  if (!hex) {
    console.log("Building the bridge firmware…");
    hex = buildFirmware();
  }
  if (!existsSync(hex)) {
    console.error(`firmware:flash: ${hex} does not exist.`);
    return 1;
  }
  const args = avrdudeArgs(values.port, values.board ?? "uno", hex);
  console.log(`avrdude ${args.join(" ")}`);
  try {
    execFileSync("avrdude", args, { stdio: "inherit" });
  } catch {
    console.error(
      `firmware:flash: avrdude failed. Check the port (${values.port}), that you may use it (group dialout), that no other program holds it, and the board type (--board ${values.board}; try nano-old for older Nanos).`,
    );
    return 1;
  }
  console.log("Done. The board now speaks Firmata at 57600 baud plus the quarterdeck NFC extension.");
  return 0;
}

if (process.argv[1]?.endsWith("flash.ts")) process.exitCode = main(process.argv.slice(2));
