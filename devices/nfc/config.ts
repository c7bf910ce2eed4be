/**
 * Reader configuration (docs/reference/table-file.md devices): TypeBox schema and the factory that builds each reader.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import type { HidBackend } from "../hid/transport.ts";
import type { SerialTransportFactory } from "../serial/transport.ts";
import { Mfrc522Reader } from "./mfrc522/driver.ts";
import { Pn532Reader } from "./pn532/driver.ts";
import { HealthCell, type NfcReader, readerHealth } from "./reader.ts";
import { WedgeReader } from "./wedge-reader.ts";

const Id16 = Type.Integer({ minimum: 0, maximum: 0xffff, description: "USB id; write it as 0x0483 in YAML" });

/** One NFC reader. Per kind: pn532 and mfrc522 need `path`; hid-wedge needs `vendorId` and `productId`. */
export const ReaderConfigSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal("pn532"), Type.Literal("mfrc522"), Type.Literal("hid-wedge")]),
    id: Type.String({ minLength: 1, description: "the reader id rosters and the display use" }),
    path: Type.Optional(
      Type.String({ minLength: 1, description: "serial port (prefer /dev/serial/by-id/…); for hid-wedge the hidraw path" }),
    ),
    baudRate: Type.Optional(Type.Integer({ minimum: 300, maximum: 4_000_000, description: "pn532 115200, mfrc522 9600 by default" })),
    vendorId: Type.Optional(Id16),
    productId: Type.Optional(Id16),
    serialNumber: Type.Optional(Type.String()),
    pollMs: Type.Optional(Type.Integer({ minimum: 20, maximum: 5000, default: 100, description: "pn532 poll interval" })),
    debounceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000, description: "unseen this long = tag left" })),
    readNdef: Type.Optional(Type.Boolean({ default: false, description: "pn532: read the NDEF Text record (ship id)" })),
    reportId: Type.Optional(Type.Boolean({ description: "hid-wedge: reports start with a report id byte" })),
  },
  { additionalProperties: false },
);
export type ReaderConfig = Static<typeof ReaderConfigSchema>;

/** The table file's `devices.readers`: the list of readers. */
export const ReaderListSchema = Type.Array(ReaderConfigSchema);

export interface ReaderDeps {
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly serialFactory?: SerialTransportFactory;
  readonly hidBackend?: () => Promise<HidBackend>;
  readonly emulated?: boolean;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/** A reader whose configuration cannot work: it only shows why, in health. */
export class MisconfiguredReader implements NfcReader {
  readonly readerId: string;
  readonly #health: HealthCell;
  constructor(id: string, family: string, message: string) {
    this.readerId = id;
    this.#health = new HealthCell(readerHealth(id, family, false, "misconfigured", { message }));
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  onTag = () => () => undefined;
  onHealth = () => () => undefined;
  health = () => this.#health.value;
}

/** Builds the driver for one reader config. Never throws: a bad combination is a `misconfigured` reader. */
export function buildReader(c: ReaderConfig, deps: ReaderDeps): NfcReader {
  const common = {
    id: c.id,
    ...(c.debounceMs !== undefined ? { debounceMs: c.debounceMs } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(deps.emulated ? { emulated: true } : {}),
    ...(deps.initialBackoffMs !== undefined ? { initialBackoffMs: deps.initialBackoffMs } : {}),
    ...(deps.maxBackoffMs !== undefined ? { maxBackoffMs: deps.maxBackoffMs } : {}),
  };
  if (c.kind === "hid-wedge") {
    if (c.vendorId === undefined || c.productId === undefined || !deps.hidBackend) {
      return new MisconfiguredReader(c.id, c.kind, `Reader ${c.id}: a hid-wedge reader needs vendorId and productId.`);
    }
    return new WedgeReader({
      ...common,
      match: {
        vendorId: c.vendorId,
        productId: c.productId,
        ...(c.path ? { path: c.path } : {}),
        ...(c.serialNumber ? { serialNumber: c.serialNumber } : {}),
      },
      backend: deps.hidBackend,
      ...(c.reportId !== undefined ? { reportId: c.reportId } : {}),
    });
  }
  if (!c.path) return new MisconfiguredReader(c.id, c.kind, `Reader ${c.id}: a ${c.kind} reader needs the serial port path.`);
  const serial = {
    ...common,
    path: c.path,
    ...(c.baudRate !== undefined ? { baudRate: c.baudRate } : {}),
    ...(deps.serialFactory ? { factory: deps.serialFactory } : {}),
  };
  if (c.kind === "mfrc522") return new Mfrc522Reader(serial);
  return new Pn532Reader({ ...serial, ...(c.pollMs !== undefined ? { pollMs: c.pollMs } : {}), ...(c.readNdef ? { readNdef: true } : {}) });
}
