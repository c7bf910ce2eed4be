/**
 * Fixtures of the club tests: a real Mosquitto on a loopback port (temp config, persistence on, restartable),
 * a TCP gate that can make a broker unreachable for one table, and simulated tables — the real table session,
 * SQLite store, outbox and publisher, driven by software dice.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { join } from "node:path";
import pino from "pino";
import { type ClubLink, linkToClub } from "../../host/club-link/link.ts";
import { TableSession } from "../../host/session/table-session.ts";
import { SqliteStore } from "../../host/store/sqlite-store.ts";
import { demoDice, demoSetup, tempDir } from "../host/helpers.ts";

export const quiet = pino({ level: "silent" });

/** A free loopback port (asks the system, then releases it). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const a = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof a === "object" && a ? a.port : 0;
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const c = tcpConnect(port, "127.0.0.1", () => {
        c.destroy();
        r(true);
      });
      c.on("error", () => r(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface MosquittoOptions {
  /** Keep sessions and queued messages across restarts (default true). */
  readonly persistence?: boolean;
  /** Users (`mosquitto_passwd`) and an ACL file: then nobody anonymous gets in. */
  readonly users?: Readonly<Record<string, string>>;
  readonly aclFile?: string;
}

/** Debian's mosquitto on 127.0.0.1:`port`: anonymous and persistent (saved on a clean stop) unless told otherwise. */
export class Mosquitto {
  readonly port: number;
  readonly #conf: string;
  #proc: ChildProcess | null = null;

  constructor(port: number, extra = "", o: MosquittoOptions = {}) {
    this.port = port;
    const dir = tempDir("qd-mosq-");
    this.#conf = join(dir, "mosquitto.conf");
    let auth = "allow_anonymous true\n";
    if (o.users) {
      const passwd = join(dir, "passwd");
      writeFileSync(passwd, "");
      for (const [user, password] of Object.entries(o.users))
        execFileSync("/usr/bin/mosquitto_passwd", ["-b", passwd, user, password], { stdio: "ignore" });
      auth = `allow_anonymous false\npassword_file ${passwd}\n${o.aclFile ? `acl_file ${o.aclFile}\n` : ""}`;
    }
    const persistence =
      o.persistence === false
        ? "persistence false\n"
        : `persistence true\npersistence_location ${dir}/\npersistent_client_expiration 1d\nautosave_interval 1\n`;
    // run as root (CI), mosquitto drops to its own user, which can neither read this private temp dir's password
    // file nor save its persistence there (every save failed: "Permission denied"); it stays root here instead
    const user = process.getuid?.() === 0 ? "user root\n" : "";
    writeFileSync(
      this.#conf,
      `${user}listener ${port} 127.0.0.1\n${auth}${persistence}max_queued_messages 100000\nlog_dest none\n${extra}`,
    );
  }

  /** Ends it at once (SIGKILL): with persistence off, every session and queued message is gone. */
  async kill(): Promise<void> {
    const p = this.#proc;
    this.#proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((r) => {
      p.once("exit", () => r());
      p.kill("SIGKILL");
    });
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.#proc = spawn("/usr/sbin/mosquitto", ["-c", this.#conf], { stdio: "ignore" });
    await waitForPort(this.port);
  }

  async stop(): Promise<void> {
    const p = this.#proc;
    this.#proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((r) => {
      p.once("exit", () => r());
      p.kill("SIGTERM");
    });
  }
}

/** A TCP forwarder in front of a broker: `cut()` drops its connections and refuses new ones until `open()`. */
export class TcpGate {
  readonly port: number;
  readonly #target: () => number;
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();

  constructor(port: number, target: () => number) {
    this.port = port;
    this.#target = target;
  }

  async open(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = tcpConnect(this.#target(), "127.0.0.1");
      for (const s of [inbound, outbound]) {
        this.#sockets.add(s);
        s.on("close", () => this.#sockets.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on("close", () => outbound.destroy());
      outbound.on("close", () => inbound.destroy());
    });
    await new Promise<void>((r) => server.listen(this.port, "127.0.0.1", r));
    this.#server = server;
  }

  async cut(): Promise<void> {
    const s = this.#server;
    this.#server = null;
    for (const sock of this.#sockets) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }
}

/** A table with the real session, store, outbox and publisher; every action is resolved with software dice. */
export class SimTable {
  readonly id: string;
  readonly file: string;
  readonly broker: string;
  /** How long each resolve took inside the table (ms): the broker must never show here. */
  readonly resolveMs: number[] = [];
  #store!: SqliteStore;
  #session!: TableSession;
  #link!: ClubLink;
  #n = 0;
  /** Faces the software dice give next (then 1s: every broadside misses). */
  #faces: number[] = [];

  readonly club: string;

  /** How often the table's `state` may be published (ms): 200 in the tests, the product's 1000 in the club-scale bench. */
  readonly stateIntervalMs: number;

  constructor(
    id: string,
    broker: string,
    file = join(tempDir("qd-club-table-"), "quarterdeck.sqlite"),
    club = "test-club",
    stateIntervalMs = 200,
  ) {
    this.stateIntervalMs = stateIntervalMs;
    this.club = club;
    this.id = id;
    this.broker = broker;
    this.file = file;
    this.#open();
  }

  #open(): void {
    const setup = {
      ...demoSetup(),
      club: { broker: this.broker, club: this.club, table: this.id, players: { Allied: [`${this.id}-a`], Dutch: [`${this.id}-d`] } },
    };
    this.#store = new SqliteStore(this.file, { outbox: true });
    const game = this.#store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: null }, 1_700_000_000_000);
    const s = TableSession.open({
      setup,
      store: game,
      now: Date.now,
      randomFace: () => this.#faces.shift() ?? 1,
      deviceHealth: () => demoDice,
    });
    if (!s.ok) throw new Error(s.error.message);
    this.#session = s.value;
    this.#link = linkToClub({
      club: setup.club,
      store: this.#store,
      gameId: game.gameId,
      session: s.value,
      logger: quiet,
      stateIntervalMs: this.stateIntervalMs,
    });
  }

  get session(): TableSession {
    return this.#session;
  }
  get link(): ClubLink {
    return this.#link;
  }

  /**
   * Resolves one action and times it: a broadside of misses, a wind change, the other broadside, then an untied
   * initiative roll that starts a new turn (each broadside may be fired once a turn).
   */
  step(): void {
    const i = this.#n++;
    const t0 = performance.now();
    const kind = i % 4;
    if (kind === 3) this.#faces = [6, 1];
    const started =
      kind === 0 || kind === 2
        ? this.#session.send({
            type: "start",
            action: { type: "broadside", firer: "royal-prince", target: "gouda", rangeInches: 12, rake: false },
          })
        : kind === 1
          ? this.#session.send({ type: "start", action: { type: "set-wind", windward: ["N", "E", "S", "W"][(i >> 2) % 4] } })
          : this.#session.send({ type: "start", action: { type: "initiative" } });
    if (!started.ok) throw new Error(started.error.message);
    if (kind !== 1) {
      const rolled = this.#session.send({ type: "software-roll" });
      if (!rolled.ok) throw new Error(rolled.error.message);
    }
    this.resolveMs.push(performance.now() - t0);
  }

  /** A host restart: publisher and store closed, then opened again on the same file. */
  async restart(): Promise<void> {
    await this.close();
    this.#open();
  }

  async close(): Promise<void> {
    await this.#link.close();
    this.#store.close();
  }
}
