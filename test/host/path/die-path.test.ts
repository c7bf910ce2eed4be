/**
 * The die's path, measured (ARCHITECTURE.md "The path of a die roll"): V8 precise coverage of one resolving roll on
 * the demo table, from the emulated die's reading to the view sent on the live socket. Files are counted as the
 * architecture counts them: the host's files whose code ran (the pages' scripts are not the host), and the rules
 * core as one entry (`src/game/engine.ts`), whichever of its files ran; the driver side (devices/) is not counted.
 * The cut is exact: coverage is reset just before the die is rolled and taken inside the first update that follows,
 * after the live socket's own listener has sent the view, so nothing that runs after the push (the -wal sync, the
 * die's health announcement) is on it. The method gives 12 files on main as it stood at 2a8f8c4, as ARCHITECTURE.md
 * counted by hand; the work of issues 24, 27 and 29 took it to 25 (positions and measuring on every draft, the store's
 * write guard, the turn and the game's end checked on each step), issue 28's live device set to 26. Issue 25 took it
 * back down by doing less per reading: the device set's lists kept, not rebuilt at each read; a new (empty) draft not
 * measured; the map drawn again only when a ship moved; the game's record read again only after a person's write;
 * a commit's file check run by the game store itself, the store's other code only when a write fails; the turn's
 * shape read once per session, the turn followed only where the rule set's state counts it. The test holds
 * the figure: it fails if the path grows. ARCHITECTURE.md lists the files and why each is there.
 */
import { Session } from "node:inspector";
import { join, relative } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { tempDir } from "../../support/temp-dir.ts";
import { demoSetup } from "../helpers.ts";

/** The most files a resolving roll may cross (ARCHITECTURE.md): 15 measured today, 12 the aim. */
const MOST_FILES = 15;
const ROOT = new URL("../../..", import.meta.url).pathname;

interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly { readonly ranges: readonly { readonly count: number }[] }[];
}

const inspector = new Session();
inspector.connect();
const post = <T>(method: string, params?: object): T => {
  let out: T | undefined;
  let failure: Error | null = null;
  // the in-process inspector answers synchronously, so a coverage cut can be taken inside a listener
  inspector.post(method, params ?? {}, (err, result) => {
    failure = err;
    out = result as T;
  });
  if (failure) throw failure;
  return out as T;
};

/** The repository files whose code ran in a coverage take, as the architecture counts them. */
const pathFiles = (scripts: readonly ScriptCoverage[]): string[] => {
  const ran = scripts
    .filter((s) => s.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0))
    .map((s) => relative(ROOT, decodeURIComponent(s.url.replace(/^file:\/\//, "").replace(/[?#].*$/, ""))))
    .filter((f) => !f.startsWith("..") && !f.startsWith("node_modules") && !f.startsWith("test/"));
  const host = ran.filter((f) => f.startsWith("host/") && !f.startsWith("host/public/"));
  const core = ran.some((f) => f.startsWith("src/")) ? ["src/game/engine.ts"] : [];
  return [...new Set([...host, ...core])].sort();
};

let table: TableRuntime;
let app: Awaited<ReturnType<typeof buildApp>>;
let socket: WebSocket;

beforeAll(async () => {
  const logger = pino({ level: "silent" });
  const composed = await composeTable({ setup: demoSetup(), dbFile: join(tempDir(), "game.sqlite"), logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: "t".repeat(20) });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  socket = new WebSocket(`${address.replace("http", "ws")}/api/live`);
  await new Promise((resolve, reject) => {
    socket.once("message", resolve);
    socket.once("error", reject);
  });
});
afterAll(async () => {
  socket?.close();
  await app?.close();
  await table?.close();
  inspector.disconnect();
});

/** Rolls an emulated die and waits for the table's next update. */
const rollAndWait = async (face: number, onUpdate?: () => void): Promise<void> => {
  const updated = new Promise<void>((resolve) => {
    const off = table.onUpdate(() => {
      off();
      onUpdate?.();
      resolve();
    });
  });
  const sim = table.devices.sim;
  if (!sim?.roll) throw new Error("the demo table has no emulated dice");
  await sim.roll("pixel-1", face);
  await updated;
};

describe("the path of a die roll", () => {
  it(`crosses at most ${MOST_FILES} files from the reading to the pushed view`, async () => {
    const started = await app.inject({
      method: "POST",
      url: "/api/actions",
      payload: { action: { type: "broadside", firer: "royal-prince", target: "zeven-provincien", rangeInches: 4 } },
    });
    expect(started.statusCode).toBe(200);
    const needed = () => table.view().pending?.needed ?? 0;
    while (needed() > 1) await rollAndWait(3);
    expect(needed()).toBe(1);

    post("Profiler.enable");
    post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    let taken: ScriptCoverage[] = [];
    post("Profiler.takePreciseCoverage"); // resets the counts: what ran before the roll is not counted
    await rollAndWait(6, () => {
      taken = post<{ result: ScriptCoverage[] }>("Profiler.takePreciseCoverage").result;
    });
    post("Profiler.stopPreciseCoverage");

    expect(needed()).not.toBe(1); // the roll resolved the broadside
    const files = pathFiles(taken);
    expect(files).toContain("host/server/routes/live.ts");
    expect(files).toContain("src/game/engine.ts");
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(MOST_FILES);
  });
});
