/**
 * An emulated Bluetooth LE controller on the far side of an H4 UART: the host (noble's `hciDriver: 'uart'`) sends
 * HCI commands and ACL data, the controller answers with events and ACL data, and the emulated dice
 * (`devices/testing/ble`) are the LE peripherals it hears and connects to. Plug it onto a real pty pair with
 * {@link EmulatedSerialDevice}, as `hci-uart.ts` does.
 *
 * Fault knobs: `linkLimit` (the next LE Create Connection gets Command Status "Connection Limit Exceeded", as a
 * controller out of link memory answers), a die's `refuseConnections` (the link fails to be established, 0x3E),
 * {@link HciController.supervisionTimeout} (the link drops with reason 0x08, mid-roll if you like) and
 * {@link HciController.stopAnswering} (the controller goes silent: no events, no data), `inputDelayMs` (a busy
 * machine: what the host sends is handled that much later).
 */

import { type Clock, systemClock, type TimerHandle } from "../../common/clock.ts";
import type { SerialTransport } from "../../serial/transport.ts";
import type { EmulatedBleDevice } from "../ble/device.ts";
import type { SerialEmulator } from "../nfc/serial-device.ts";
import { type AclPacket, eventPacket, H4Parser, type HciCommand, le } from "./h4.ts";
import { commandComplete, commandStatus, HCI_STATUS, localReply, OPCODE } from "./hci-commands.ts";
import { LeLink } from "./le-link.ts";
import { addressBytes } from "./le-scanning.ts";
import { connectionComplete, disconnectionComplete } from "./link-events.ts";
import { LeScanner } from "./scanner.ts";

export interface HciControllerOptions {
  /** The controller's public address. */
  readonly address?: string;
  /** Simultaneous LE links it can hold (a Pi's built-in radio: about 7). Default 7. */
  readonly linkLimit?: number;
  /** Advertising interval of the dice while scanning, ms. Default 100. */
  readonly advertIntervalMs?: number;
  /** Time from LE Create Connection to the link, ms. Default 5. */
  readonly connectDelayMs?: number;
  /**
   * Time before the controller takes in what the host sent, ms (a busy machine, a slow line): every command and
   * every ACL packet is handled this much later, in order. Default 0.
   */
  readonly inputDelayMs?: number;
  readonly clock?: Clock;
  /** Called for every notification handed to the host (bench: the time it leaves the emulator). */
  readonly onNotify?: (deviceId: string, bytes: Uint8Array) => void;
}

export class HciController implements SerialEmulator {
  readonly address: string;
  linkLimit: number;
  readonly #devices: EmulatedBleDevice[] = [];
  readonly #links = new Map<number, LeLink>();
  readonly #clock: Clock;
  readonly #connectDelay: number;
  readonly #inputDelay: number;
  readonly #onNotify: HciControllerOptions["onNotify"];
  #transport: SerialTransport | null = null;
  #parser: H4Parser | null = null;
  #nextHandle = 0x0040;
  readonly #scanner: LeScanner;
  #pending: { address: string; timer: TimerHandle | null } | null = null;
  #completed = new Map<number, number>();
  #silent = false;

  constructor(options: HciControllerOptions = {}) {
    this.address = options.address ?? "00:1b:dc:0a:00:01";
    this.linkLimit = options.linkLimit ?? 7;
    this.#clock = options.clock ?? systemClock;
    this.#scanner = new LeScanner(
      this.#clock,
      options.advertIntervalMs ?? 100,
      () => this.#devices,
      (b) => this.#write(b),
    );
    this.#connectDelay = options.connectDelayMs ?? 5;
    this.#inputDelay = options.inputDelayMs ?? 0;
    this.#onNotify = options.onNotify;
  }

  /** Puts a die in radio range of this controller. */
  add(device: EmulatedBleDevice): void {
    this.#devices.push(device);
    device.onAdvertChange(() => {
      this.#scanner.advertise(device);
      if (this.#pending?.address === device.address && !this.#pending.timer) this.#tryConnect();
    });
  }

  devices(): readonly EmulatedBleDevice[] {
    return this.#devices;
  }

  /** Open links: device id → connection handle. */
  links(): ReadonlyMap<string, number> {
    return new Map([...this.#links.values()].map((l) => [l.device.id, l.handle]));
  }

  /** Notifications handed to the host so far. */
  notified(): number {
    return [...this.#links.values()].reduce((n, l) => n + l.notified, 0) + this.#notifiedClosed;
  }
  #notifiedClosed = 0;

  attach(transport: SerialTransport): void {
    this.#transport = transport;
    this.#parser = new H4Parser(
      (c) => this.#command(c),
      (p) => this.#acl(p),
    );
    const take = (chunk: Uint8Array) => {
      if (!this.#silent) this.#parser?.push(chunk);
    };
    // timers of one delay run in the order they were set: the input keeps its order
    transport.onData((chunk) => {
      if (this.#inputDelay === 0) return take(chunk);
      const copy = Uint8Array.from(chunk);
      this.#clock.after(this.#inputDelay, () => take(copy));
    });
  }

  detach(): void {
    this.#scanner.stop();
    for (const l of [...this.#links.values()]) this.#end(l, HCI_STATUS.connectionTimeout, false);
    this.#transport = null;
    this.#parser = null;
  }

  /** Fault: the link to `deviceId` is lost (Disconnection Complete, reason 0x08 Connection Timeout). */
  supervisionTimeout(deviceId: string): boolean {
    const l = [...this.#links.values()].find((x) => x.device.id === deviceId);
    if (!l) return false;
    this.#end(l, HCI_STATUS.connectionTimeout, true);
    return true;
  }

  /** Fault: the controller stops answering anything (a wedged dongle). */
  stopAnswering(): void {
    this.#silent = true;
    this.#scanner.stop();
  }

  /** Hands bytes to the host; false when the controller is silent. */
  #write(bytes: Uint8Array): boolean {
    if (this.#silent) return false;
    this.#transport?.write(bytes).catch(() => undefined);
    return true;
  }

  #command(c: HciCommand): void {
    const local = localReply(c.opcode, this.address);
    if (c.opcode === OPCODE.reset) this.#reset();
    if (local) {
      this.#write(local);
      return;
    }
    const p = c.params;
    switch (c.opcode) {
      case OPCODE.leSetScanEnable:
        if (p[0] === 1) this.#scanner.start(p[1] === 1);
        else this.#scanner.stop();
        this.#write(commandComplete(c.opcode, Uint8Array.of(HCI_STATUS.success)));
        return;
      case OPCODE.leCreateConnection:
        this.#createConnection(p);
        return;
      case OPCODE.leCreateConnectionCancel:
        this.#cancelConnection();
        return;
      case OPCODE.disconnect:
        this.#disconnect((p[0] ?? 0) | ((p[1] ?? 0) << 8));
        return;
      case OPCODE.readRssi: {
        const handle = (p[0] ?? 0) | ((p[1] ?? 0) << 8);
        const l = this.#links.get(handle);
        const status = l ? HCI_STATUS.success : HCI_STATUS.unknownConnection;
        this.#write(commandComplete(c.opcode, le([status, 1], [handle, 2], [l?.device.rssi ?? 127, 1])));
        return;
      }
      case OPCODE.leConnectionUpdate:
        this.#write(commandStatus(c.opcode, HCI_STATUS.success));
        return;
      default:
        this.#write(commandComplete(c.opcode, Uint8Array.of(HCI_STATUS.unknownCommand)));
        return;
    }
  }

  #reset(): void {
    this.#scanner.stop();
    this.#pending?.timer?.cancel();
    this.#pending = null;
    for (const l of [...this.#links.values()]) this.#end(l, HCI_STATUS.localHostTerminated, false);
  }

  #acl(p: AclPacket): void {
    const l = this.#links.get(p.handle);
    if (!l) return;
    l.receive(p);
    // Number of Completed Packets: the buffer is free again (host flow control, Vol 4 Part E §4.1.1).
    const first = this.#completed.size === 0;
    this.#completed.set(p.handle, (this.#completed.get(p.handle) ?? 0) + 1);
    if (first) {
      queueMicrotask(() => {
        const entries = [...this.#completed];
        this.#completed = new Map();
        const params = [le([entries.length, 1]), ...entries.map(([h, n]) => le([h, 2], [n, 2]))];
        this.#write(eventPacket(0x13, Uint8Array.from(params.flatMap((x) => [...x]))));
      });
    }
  }

  #createConnection(p: Uint8Array): void {
    if (p.length !== 25) {
      this.#write(commandStatus(OPCODE.leCreateConnection, HCI_STATUS.invalidParameters));
      return;
    }
    const refusal = this.#pending
      ? HCI_STATUS.commandDisallowed
      : this.#links.size >= this.linkLimit
        ? HCI_STATUS.connectionLimitExceeded
        : HCI_STATUS.success;
    if (refusal !== HCI_STATUS.success) {
      this.#write(commandStatus(OPCODE.leCreateConnection, refusal));
      return;
    }
    const address = [...p.slice(6, 12)]
      .reverse()
      .map((b) => b.toString(16).padStart(2, "0"))
      .join(":");
    this.#pending = { address, timer: null };
    this.#write(commandStatus(OPCODE.leCreateConnection, HCI_STATUS.success));
    this.#tryConnect();
  }

  /** Connects the pending attempt once its die advertises (until then the initiator keeps listening). */
  #tryConnect(): void {
    const pending = this.#pending;
    const d = this.#devices.find((x) => x.address === pending?.address);
    if (!pending || !d?.advertising()) return;
    pending.timer = this.#clock.after(this.#connectDelay, () => {
      if (this.#pending !== pending) return;
      this.#pending = null;
      const link = d.refuseConnections ? null : d.acceptLink();
      if (!link) {
        this.#write(connectionComplete(HCI_STATUS.failedToEstablish, 0, pending.address));
        return;
      }
      const l = new LeLink(this.#nextHandle++, d, link, (b) => this.#write(b), this.#onNotify);
      this.#links.set(l.handle, l);
      link.onDown(() => this.#end(l, HCI_STATUS.connectionTimeout, true));
      this.#write(connectionComplete(HCI_STATUS.success, l.handle, pending.address));
    });
  }

  #cancelConnection(): void {
    const pending = this.#pending;
    if (!pending) {
      this.#write(commandComplete(OPCODE.leCreateConnectionCancel, Uint8Array.of(HCI_STATUS.commandDisallowed)));
      return;
    }
    pending.timer?.cancel();
    this.#pending = null;
    this.#write(commandComplete(OPCODE.leCreateConnectionCancel, Uint8Array.of(HCI_STATUS.success)));
    this.#write(connectionComplete(HCI_STATUS.unknownConnection, 0, pending.address));
  }

  #disconnect(handle: number): void {
    const l = this.#links.get(handle);
    if (!l) {
      this.#write(commandStatus(OPCODE.disconnect, HCI_STATUS.unknownConnection));
      return;
    }
    this.#write(commandStatus(OPCODE.disconnect, HCI_STATUS.success));
    this.#end(l, HCI_STATUS.localHostTerminated, true);
  }

  /** Ends a link once: closes the die's side, and tells the host when `report`. */
  #end(l: LeLink, reason: number, report: boolean): void {
    if (l.ended) return;
    l.ended = true;
    this.#links.delete(l.handle);
    this.#notifiedClosed += l.notified;
    l.link.close(reason === HCI_STATUS.localHostTerminated ? "disconnected by host" : "supervision timeout (emulated)");
    if (report) this.#write(disconnectionComplete(l.handle, reason));
  }
}

export { addressBytes };
