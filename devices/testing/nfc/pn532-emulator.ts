/**
 * The far side of a PN532 over HSU: it listens on a serial transport (one end of a pty pair), stays asleep
 * until the 0x55 wake-up, acknowledges every command frame and answers GetFirmwareVersion, SAMConfiguration,
 * RFConfiguration (MaxRetries), InListPassiveTarget, InDataExchange (NTAG READ) and InRelease with real frames.
 */
import { type Clock, systemClock } from "../../common/clock.ts";
import { CMD } from "../../nfc/pn532/commands.ts";
import { ACK, ERROR_FRAME, encodeFrame, TFI_HOST, TFI_PN532 } from "../../nfc/pn532/frame.ts";
import { Pn532Parser } from "../../nfc/pn532/parser.ts";
import type { Unsubscribe } from "../../readings.ts";
import type { SerialTransport } from "../../serial/transport.ts";
import { Faults, flipMiddleByte } from "../faults.ts";
import { ReceivedMessages } from "../kit.ts";
import { type EmulatedTag, readFour } from "./tags.ts";

/** A host → PN532 command as the emulator understands it: its name (or code) and its parameters. */
export interface Pn532HostMessage {
  readonly command: keyof typeof CMD | "other";
  readonly code: number;
  readonly params: readonly number[];
}

const NAMES = new Map<number, keyof typeof CMD>(Object.entries(CMD).map(([name, code]) => [code, name as keyof typeof CMD]));

/** Types a command frame's data (command code first). */
export function decodePn532HostMessage(data: Uint8Array): Pn532HostMessage {
  const code = data[0] ?? 0;
  return { command: NAMES.get(code) ?? "other", code, params: [...data.subarray(1)] };
}

export class Pn532Emulator {
  /** Fault knobs applied to response frames (ACKs are always sent). */
  readonly faults = new Faults({ garble: flipMiddleByte });
  /** Commands received, by code, for tests. */
  readonly received: number[] = [];
  /** Commands received, typed and timed on the emulator's clock (the emulator kit). */
  readonly hostMessages: ReceivedMessages<Pn532HostMessage>;

  /** `clock`: what times the received commands (default the system clock). */
  constructor(options: { readonly clock?: Clock } = {}) {
    this.hostMessages = new ReceivedMessages(options.clock ?? systemClock, decodePn532HostMessage);
  }
  #transport: SerialTransport | null = null;
  #off: Unsubscribe | null = null;
  #parser = new Pn532Parser();
  #awake = false;
  #passiveRetries = 0xff;
  #tag: EmulatedTag | null = null;
  #waitingForTag = false;
  #lastResponse: Uint8Array | null = null;

  /** Powers the chip up on `transport` (low-battery mode until woken). */
  attach(transport: SerialTransport): void {
    this.detach();
    this.#transport = transport;
    this.#parser = new Pn532Parser();
    this.#awake = false;
    this.#passiveRetries = 0xff;
    this.#waitingForTag = false;
    this.#off = transport.onData((chunk) => this.#receive(chunk));
  }

  detach(): void {
    this.#off?.();
    this.#off = null;
    this.#transport = null;
  }

  get tag(): EmulatedTag | null {
    return this.#tag;
  }

  /** Puts a tag in the field; answers an InListPassiveTarget that is waiting forever (MaxRetries FF). */
  place(tag: EmulatedTag): void {
    this.#tag = tag;
    if (this.#waitingForTag) {
      this.#waitingForTag = false;
      void this.#respond(this.#targetResponse());
    }
  }

  remove(): void {
    this.#tag = null;
  }

  #receive(chunk: Uint8Array): void {
    if (!this.#awake) {
      const wake = chunk.indexOf(0x55);
      if (wake < 0) return;
      this.#awake = true;
      chunk = chunk.subarray(wake);
    }
    // The wake-up 0x55s before the first start code are skipped by the parser like any garbage.
    const { frames } = this.#parser.feed(chunk);
    for (const f of frames) {
      if (f.kind === "ack") this.#waitingForTag = false;
      else if (f.kind === "nack") {
        if (this.#lastResponse) void this.#send(this.#lastResponse);
      } else if (f.kind === "info" && f.tfi === TFI_HOST) void this.#command(f.data);
    }
  }

  async #command(data: Uint8Array): Promise<void> {
    const code = data[0] ?? 0;
    this.received.push(code);
    this.hostMessages.record(data);
    await this.#send(ACK);
    const params = data.subarray(1);
    switch (code) {
      case CMD.getFirmwareVersion:
        return this.#respond(this.#frame(code, [0x32, 0x01, 0x06, 0x07]));
      case CMD.samConfiguration:
        return this.#respond(this.#frame(code, []));
      case CMD.rfConfiguration:
        if (params[0] === 0x05 && params.length === 4) this.#passiveRetries = params[3] ?? 0xff;
        return this.#respond(this.#frame(code, []));
      case CMD.inListPassiveTarget:
        if (this.#tag) return this.#respond(this.#targetResponse());
        if (this.#passiveRetries === 0xff) {
          this.#waitingForTag = true;
          return;
        }
        return this.#respond(this.#frame(code, [0x00]));
      case CMD.inDataExchange:
        return this.#respond(this.#frame(code, this.#dataExchange(params)));
      case CMD.inRelease:
        return this.#respond(this.#frame(code, [0x00]));
      default:
        return this.#respond(ERROR_FRAME);
    }
  }

  #dataExchange(params: Uint8Array): number[] {
    const tag = this.#tag;
    // Status 0x01 (timeout): no tag answered. The status a real PN532 gives for a tag NAK is unconfirmed.
    if (!tag || params[0] !== 1 || params[1] !== 0x30 || params.length !== 3) return [0x01];
    const data = readFour(tag, params[2] ?? 0);
    return data ? [0x00, ...data] : [0x01];
  }

  #targetResponse(): Uint8Array {
    const tag = this.#tag;
    if (!tag) return this.#frame(CMD.inListPassiveTarget, [0x00]);
    return this.#frame(CMD.inListPassiveTarget, [0x01, 0x01, tag.atqa >> 8, tag.atqa & 0xff, tag.sak, tag.uid.length, ...tag.uid]);
  }

  #frame(code: number, params: readonly number[]): Uint8Array {
    return encodeFrame(TFI_PN532, Uint8Array.of(code + 1, ...params));
  }

  async #respond(frame: Uint8Array): Promise<void> {
    this.#lastResponse = frame;
    await this.faults.send(frame, (bytes) => this.#send(bytes));
  }

  async #send(bytes: Uint8Array): Promise<void> {
    await this.#transport?.write(bytes).catch(() => undefined);
  }
}
