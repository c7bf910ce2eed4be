/**
 * The browser tests' harness: the real host as a child process (`quarterdeck start`, port 0, a fresh data
 * dir) and Debian's chromium through playwright-core: a fresh context of the run's one chromium.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { poll } from "../support/wait.ts";
import { CHROMIUM_ARGS } from "./chromium-args.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");

export interface HostProcess {
  readonly url: string;
  readonly proc: ChildProcess;
  readonly output: () => string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit: the power-cut case. */
  kill(): Promise<void>;
}

/** Starts `quarterdeck start` and resolves once it prints the display URL. */
export function startHost(dataDir: string, args: readonly string[] = []): Promise<HostProcess> {
  const proc = spawn(process.execPath, [join(ROOT, "bin", "quarterdeck.mjs"), "start", "--port", "0", "--data", dataDir, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<void>((done) => proc.once("exit", () => done()));
  const end = async (signal: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the host did not start:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += String(d);
      const m = /Display:\s+(http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok({ url: m[1].replace(/\/$/, ""), proc, output: () => out, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") });
      }
    };
    proc.stdout?.on("data", onData);
    proc.stderr?.on("data", (d: Buffer) => {
      out += String(d);
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`the host exited (${code}):\n${out}`));
    });
  });
}

/**
 * A fresh browser context of 1920×1080 in Debian's chromium, headless: a context of the run's one chromium
 * (`chromium-server.ts`, launched once for the browser lane) when there is one and no further switches are asked
 * for, else a chromium of its own with a fresh profile and those switches (e.g. a fake camera). Closing the context
 * disconnects from the shared chromium, or ends the chromium of its own.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<BrowserContext> {
  const endpoint = extraArgs.length === 0 ? sharedChromium() : undefined;
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    // the tests close what they were given: the context, then the connection with it
    const closeContext = context.close.bind(context);
    context.close = async (options) => {
      await closeContext(options);
      await browser.close();
    };
    return context;
  }
  const profile = mkdtempSync(join(tmpdir(), "qd-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1920, height: 1080 },
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** The shared chromium's endpoint, when the run has one (vitest's `browser` project provides it). */
function sharedChromium(): string | undefined {
  try {
    return inject("chromiumEndpoint");
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/** JSON POST/GET against the host. */
export async function call(
  url: string,
  method: "GET" | "POST" = "GET",
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Polls until `check` holds or the time is up (devices answer asynchronously): the shared `poll`. */
export { poll as until } from "../support/wait.ts";

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), "qd-data-"));

/** The emulated servo's angle once a (smooth) move has finished: two reads a quarter-second apart agree. */
export async function settled(url: string): Promise<number | null> {
  const read = async () => (await call(`${url}/api/sim/dial`)).json.angle as number | null;
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await read();
    if (now !== null && now === last) return now;
    last = now;
  }
  return last;
}

/** The table's state as `GET /api/state` gives it. */
export const stateOf = async (url: string): Promise<TableView> => (await call(`${url}/api/state`)).json as unknown as TableView;

/** A ready check: at least `n` devices connected (the emulated table's dice, readers, pad and dial come up). */
export const devicesUp =
  (n: number) =>
  (s: TableView): boolean =>
    s.devices.filter((d) => d.connected).length >= n;

/** A host with the display open in chromium: what most browser tests start from. */
export interface OpenDisplay {
  readonly host: HostProcess;
  readonly browser: BrowserContext;
  /** The display (`/`), its first state drawn. */
  readonly display: Page;
  /** `GET /api/state`. */
  state(): Promise<TableView>;
  /** A JSON POST to one of the host's paths (`/api/actions`, `/api/sim/roll` …). */
  post(path: string, body?: unknown): ReturnType<typeof call>;
  /** Closes the browser, then stops the host. */
  close(): Promise<void>;
}

/**
 * Starts the host (`quarterdeck start` with `args`, a fresh data dir unless given), waits until `ready` holds of its
 * state (its devices up), launches chromium (or uses `browser`, which it then leaves open) and opens the display at
 * `width`×`height` (1920×1080 unless given), once its first state is drawn (`body[data-version]`).
 */
export async function openDisplay(opts: {
  args?: readonly string[];
  dataDir?: string;
  ready: (s: TableView) => boolean;
  browser?: BrowserContext;
  width?: number;
  height?: number;
}): Promise<OpenDisplay> {
  const host = await startHost(opts.dataDir ?? freshDataDir(), opts.args ?? []);
  const state = () => stateOf(host.url);
  await poll(state, opts.ready, 20_000);
  const browser = opts.browser ?? (await launchChromium());
  const display = await browser.newPage();
  await display.setViewportSize({ width: opts.width ?? 1920, height: opts.height ?? 1080 });
  await display.goto(`${host.url}/`);
  await display.waitForSelector("body[data-version]");
  return {
    host,
    browser,
    display,
    state,
    post: (path, body) => call(`${host.url}${path}`, "POST", body),
    close: async () => {
      try {
        if (opts.browser) await display.close();
        else await browser.close();
      } finally {
        await host.stop(); // never left running after a failed close
      }
    },
  };
}
