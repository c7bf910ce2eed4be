/**
 * A reader made of an MFRC522 on an Arduino running a DumpInfo/ReadNUID-style sketch. The sketch reports a
 * card when it is presented and says nothing when it goes, so a tag counts as gone after `debounceMs`
 * without a report; a sketch that repeats the UID while the card stays keeps it present.
 */
import { ReconnectingLink } from "../../serial/reconnecting-link.ts";
import { serialPortFactory } from "../../serial/serialport-transport.ts";
import type { SerialTransportFactory } from "../../serial/transport.ts";
import { LinkedReader, type LinkedReaderOptions, type ReaderLinkState } from "../linked-reader.ts";
import { LineSplitter, parseSketchLine } from "./lines.ts";

export interface Mfrc522ReaderOptions extends LinkedReaderOptions {
  readonly path: string;
  /** Default 9600 (the library's examples). */
  readonly baudRate?: number;
  /** Default 1500 ms. */
  readonly debounceMs?: number;
  readonly factory?: SerialTransportFactory;
}

export class Mfrc522Reader extends LinkedReader {
  protected readonly link: ReconnectingLink;
  readonly #lines = new LineSplitter();
  #firmwareNote: string | undefined;

  constructor(options: Mfrc522ReaderOptions) {
    super(options, { family: "mfrc522", debounceMs: 1500 });
    this.link = new ReconnectingLink({
      serial: { path: options.path, baudRate: options.baudRate ?? 9600 },
      factory: options.factory ?? serialPortFactory,
      ...this.linkOptions(),
    });
  }

  protected receive(chunk: Uint8Array): void {
    for (const line of this.#lines.feed(chunk)) {
      const parsed = parseSketchLine(line);
      const now = this.clock.now();
      if (parsed.kind === "uid") {
        this.touch(now);
        this.emit(this.tracker.seen(parsed.uid, now));
      } else if (parsed.kind === "firmware") {
        this.#firmwareNote = parsed.genuine
          ? undefined
          : `The MFRC522 reports firmware 0x${parsed.version.toString(16)} (a clone or counterfeit chip); reads may be unreliable.`;
        this.updateHealth();
      }
    }
  }

  protected override linkChanged(state: ReaderLinkState): void {
    if (state.status !== "connected") this.#lines.reset();
  }

  protected override status(link: ReaderLinkState): ReaderLinkState {
    return link.status === "connected" ? { status: link.status, message: this.#firmwareNote } : link;
  }
}
