/**
 * The wind dial driver: johnny-five `Board` over a serialport v13 port object, a `Servo` on the configured
 * pin, smooth moves, and a connection loop that survives unplugging: a lost or missing port becomes a health
 * status with a message, retried with backoff, and on every (re)connect the dial re-syncs to the wind.
 */
import type { Logger } from "pino";
import { Backoff } from "../common/backoff.ts";
import { type Clock, systemClock, type TimerHandle } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { DeviceHealth, DialDirection, Unsubscribe, WindDial } from "../readings.ts";
import type { DialConfig } from "./config.ts";
import { type FirmataPort, type FiveBoard, type FiveModule, type FiveServo, forgetBoard, type PortFactory } from "./five.ts";
import { pulseWidth, servoAngle } from "./map.ts";

/** How the driver gets its libraries and port; `createDial`/`createEmulatedDial` fill it in. */
export interface DialDriverDeps {
  readonly loadFive: () => Promise<FiveModule>;
  readonly loadPortFactory: () => Promise<PortFactory>;
  readonly logger?: Logger;
  readonly emulated?: boolean;
  /** johnny-five's connect watchdog (ms) before a silent board counts as failed. */
  readonly readyTimeoutMs?: number;
  /** Times reconnect retries and `lastSeen`; default the system clock. */
  readonly clock?: Clock;
}

const STEP_MS = 20;

export class FirmataWindDial implements WindDial {
  readonly #config: DialConfig;
  readonly #deps: DialDriverDeps;
  readonly #listeners = new Listeners<DeviceHealth>();
  #health: DeviceHealth;
  #running = false;
  #servo: FiveServo | null = null;
  readonly #clock: Clock;
  #retry: TimerHandle | null = null;
  readonly #backoff: Backoff;
  #stepper: ReturnType<typeof setInterval> | null = null;
  #target: number | null = null;
  #commanded: number | null = null;
  #settled: Array<() => void> = [];
  #port: FirmataPort | null = null;
  readonly #connected = new Listeners<FirmataPort>();

  constructor(config: DialConfig, deps: DialDriverDeps) {
    this.#config = config;
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#backoff = new Backoff(config.reconnectMs, config.reconnectMaxMs);
    this.#health = this.#makeHealth("stopped", false);
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#setHealth("connecting", false);
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#retry?.cancel();
    this.#retry = null;
    this.#stopStepper();
    await this.#drop();
    this.#setHealth("stopped", false);
  }

  async show(direction: DialDirection): Promise<void> {
    this.#target = servoAngle(this.#config.map, direction);
    if (this.#servo) this.#move(false);
  }

  angle(): number | null {
    return this.#commanded;
  }

  /** Resolves once the pointer has reached the last target (immediately when it already has). */
  whenSettled(): Promise<void> {
    if (this.#stepper === null) return Promise.resolve();
    return new Promise((resolve) => this.#settled.push(resolve));
  }

  health(): DeviceHealth {
    return this.#health;
  }

  /**
   * Hears the port after every successful Firmata handshake (and at once if connected now). The bridge
   * firmware's NFC readers share the dial's serial line this way: they read its bytes and write sysex.
   */
  onConnected(listener: (port: FirmataPort) => void): Unsubscribe {
    const off = this.#connected.add(listener);
    if (this.#port) listener(this.#port);
    return off;
  }

  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe {
    return this.#listeners.add(listener);
  }

  async #connect(): Promise<void> {
    let five: FiveModule;
    let factory: PortFactory;
    try {
      [five, factory] = await Promise.all([this.#deps.loadFive(), this.#deps.loadPortFactory()]);
    } catch (e) {
      this.#setHealth("unavailable", false, (e as Error).message);
      return; // a missing library does not come back by retrying
    }
    if (!this.#running) return;
    const { port: path, baudRate } = this.#config;
    try {
      const { port, board } = await openBoard(five, factory, path, baudRate, this.#deps.readyTimeoutMs ?? 10_000);
      if (!this.#running) {
        forgetBoard(five, board);
        await closePort(port);
        return;
      }
      this.#port = port;
      this.#servo = new five.Servo({
        pin: this.#config.pin,
        board,
        pwmRange: [this.#config.pwmRange[0], this.#config.pwmRange[1]],
        degreeRange: [this.#config.degreeRange[0], this.#config.degreeRange[1]],
      });
      port.once("close", () => {
        forgetBoard(five, board);
        this.#lost(`Wind dial: the board on ${path} went away.`);
      });
      // A REPORT_VERSION after ready means the board restarted under us (a stalled servo can brown out an
      // Uno on USB power): its servo setup is gone, so configure the pin again and put the pointer back.
      board.io.on("reportversion", () => this.#rebooted(board));
      this.#backoff.reset();
      this.#setHealth("connected", true);
      this.#deps.logger?.info({ path, firmware: board.io.firmware }, "wind dial connected");
      if (this.#target !== null) this.#move(true); // re-sync to the current wind
      this.#connected.emit(port);
    } catch (e) {
      this.#setHealth("missing", false, `Wind dial: cannot use ${path}: ${(e as Error).message}`);
      this.#scheduleRetry();
    }
  }

  #lost(message: string): void {
    this.#servo = null;
    this.#port = null;
    this.#stopStepper();
    if (!this.#running) return;
    this.#deps.logger?.warn(message);
    this.#setHealth("reconnecting", false, message);
    this.#scheduleRetry();
  }

  #rebooted(board: FiveBoard): void {
    if (!this.#servo) return;
    const { pin, pwmRange } = this.#config;
    this.#deps.logger?.warn("wind dial: the board restarted; configuring the servo again");
    board.io.servoConfig(pin, pwmRange[0], pwmRange[1]);
    const angle = this.#commanded;
    if (angle !== null) board.io.servoWrite(pin, Math.trunc(pulseWidth(this.#config, angle)));
  }

  #scheduleRetry(): void {
    if (!this.#running || this.#retry) return;
    const wait = this.#backoff.next();
    this.#retry = this.#clock.after(wait, () => {
      this.#retry = null;
      void this.#connect();
    });
  }

  async #drop(): Promise<void> {
    const port = this.#port;
    this.#port = null;
    this.#servo = null;
    if (port) await closePort(port);
  }

  /** Moves toward the target: a jump when `jump` or smoothing is off, else steps at the configured speed. */
  #move(jump: boolean): void {
    const target = this.#target;
    if (target === null || !this.#servo) return;
    const speed = this.#config.degreesPerSecond;
    if (jump || speed === 0 || this.#commanded === null) {
      this.#stopStepper();
      this.#write(target);
      return;
    }
    if (this.#stepper) return; // the running stepper picks up the new target
    const step = (speed * STEP_MS) / 1000;
    this.#stepper = setInterval(() => {
      const goal = this.#target;
      const now = this.#commanded;
      if (goal === null || now === null || !this.#servo) return this.#stopStepper();
      const next = Math.abs(goal - now) <= step ? goal : now + Math.sign(goal - now) * step;
      this.#write(next);
      if (next === goal) this.#stopStepper();
    }, STEP_MS);
  }

  #write(angle: number): void {
    this.#servo?.to(angle);
    this.#commanded = angle;
  }

  #stopStepper(): void {
    if (this.#stepper) clearInterval(this.#stepper);
    this.#stepper = null;
    const waiting = this.#settled;
    this.#settled = [];
    for (const w of waiting) w();
  }

  #makeHealth(status: string, connected: boolean, message?: string): DeviceHealth {
    return {
      id: "dial",
      kind: "dial",
      family: "firmata",
      connected,
      status,
      emulated: this.#deps.emulated ?? false,
      ...(message !== undefined ? { message } : {}),
      ...(connected ? { lastSeen: this.#clock.now() } : {}),
    };
  }

  #setHealth(status: string, connected: boolean, message?: string): void {
    this.#health = this.#makeHealth(status, connected, message);
    this.#listeners.emit(this.#health);
  }
}

/** Opens the port and a johnny-five Board on it; resolves on `ready`, rejects on an open error, close or timeout. */
function openBoard(five: FiveModule, factory: PortFactory, path: string, baudRate: number, timeout: number) {
  return new Promise<{ port: FirmataPort; board: FiveBoard }>((resolve, reject) => {
    let port: FirmataPort;
    try {
      port = factory(path, baudRate);
    } catch (e) {
      reject(e);
      return;
    }
    // Board must be created in the same tick as the port, so firmata-io sees the port's "open".
    const board = new five.Board({ port, repl: false, debug: false, sigint: false, timeout });
    // johnny-five may emit "error" more than once (its watchdog logs and emits); an unheard one would throw.
    board.on("error", () => {});
    const fail = (e: Error) => {
      cleanup();
      if (board.timer) clearTimeout(board.timer);
      forgetBoard(five, board);
      void closePort(port).then(() => reject(e));
    };
    const onError = (e: Error) => fail(e);
    const onClose = () => fail(new Error("the port closed during the Firmata handshake"));
    const onReady = () => {
      cleanup(); // later errors arrive as the port's "close"
      resolve({ port, board });
    };
    const cleanup = () => {
      port.off("error", onError);
      port.off("close", onClose);
      board.off("error", onError);
      board.off("ready", onReady);
    };
    port.on("error", onError);
    port.on("close", onClose);
    board.on("error", onError);
    board.on("ready", onReady);
  });
}

function closePort(port: FirmataPort): Promise<void> {
  return new Promise((resolve) => {
    if (!port.isOpen) return resolve();
    port.close(() => resolve());
  });
}
