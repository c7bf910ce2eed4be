/**
 * The far side of an Arduino running the MFRC522 DumpInfo sketch: on power-up (port open) it prints the
 * firmware line; per presented card `Card UID: …`, `Card SAK: …`, `PICC type: …` with `\r\n` endings.
 * With `repeatMs` it reprints the UID while the card stays (like sketches that do not halt the card).
 */
import type { SerialTransport } from "../../serial/transport.ts";
import { Faults, flipMiddleByte } from "../faults.ts";
import { type EmulatedTag, ntag } from "./tags.ts";

export interface Mfrc522EmulatorOptions {
  /** Reprint the card while present, every this many ms; default 0 (once, as DumpInfo does). */
  readonly repeatMs?: number;
  /** The sketch's output style; default `dumpinfo`. */
  readonly sketch?: "dumpinfo" | "readnuid";
}

const hexSpaced = (bytes: Uint8Array): string => [...bytes].map((b) => ` ${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

export class Mfrc522Emulator {
  readonly faults = new Faults({ garble: flipMiddleByte });
  readonly #o: Mfrc522EmulatorOptions;
  #transport: SerialTransport | null = null;
  #tag: EmulatedTag | null = null;
  #repeat: ReturnType<typeof setInterval> | null = null;

  constructor(options: Mfrc522EmulatorOptions = {}) {
    this.#o = options;
  }

  attach(transport: SerialTransport): void {
    this.#transport = transport;
    void this.#print(["Firmware Version: 0x92 = v2.0", "Scan PICC to see UID, SAK, type, and data blocks..."]);
    if (this.#tag) this.#report();
  }

  detach(): void {
    this.#transport = null;
  }

  place(tag: EmulatedTag | string): void {
    this.#tag = typeof tag === "string" ? ntag(tag) : tag;
    this.#report();
    if (this.#o.repeatMs) {
      if (this.#repeat) clearInterval(this.#repeat);
      this.#repeat = setInterval(() => this.#report(), this.#o.repeatMs);
    }
  }

  remove(): void {
    this.#tag = null;
    if (this.#repeat) clearInterval(this.#repeat);
    this.#repeat = null;
  }

  #report(): void {
    const tag = this.#tag;
    if (!tag) return;
    const sak = tag.sak.toString(16).toUpperCase().padStart(2, "0");
    if (this.#o.sketch === "readnuid") {
      const dec = [...tag.uid].map((b) => ` ${b}`).join("");
      void this.#print(["A new card has been detected.", "The NUID tag is:", `In hex: ${hexSpaced(tag.uid)}`, `In dec: ${dec}`]);
    } else {
      void this.#print([`Card UID:${hexSpaced(tag.uid)}`, `Card SAK: ${sak}`, "PICC type: MIFARE Ultralight or Ultralight C"]);
    }
  }

  async #print(lines: readonly string[]): Promise<void> {
    for (const line of lines) {
      const bytes = new TextEncoder().encode(`${line}\r\n`);
      await this.faults.send(bytes, async (b) => {
        await this.#transport?.write(b).catch(() => undefined);
      });
    }
  }
}
