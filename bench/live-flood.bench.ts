/**
 * Issue 39 item 4: a /camera page (or anything on the live socket with the right to change the table) reporting as
 * fast as the host answers — each `camera.seen` sent as soon as the last was answered, the ship moved 1 mm each time —
 * while 5 displays are connected. Measures the reports sent, and what each display received (state pushes, MB),
 * for `SECONDS` of it and scaled to 30 s. Before the pacer each report was a state push to every display: the audit
 * measured 183 MB per display in 30 s.
 */
import { join } from "node:path";
import pino from "pino";
import { WebSocket } from "ws";
import { CAMERA_REPORT_MS } from "../host/camera-pace.ts";
import { composeTable } from "../host/compose.ts";
import { buildApp } from "../host/server/app.ts";
import { demoSetup, tempDir } from "../test/host/helpers.ts";

const SECONDS = 10;
const DISPLAYS = 5;

export async function run(): Promise<string> {
  const logger = pino({ level: "silent" });
  const composed = await composeTable({
    setup: { ...demoSetup(), devices: { positions: {} } },
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim: false,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  const app = await buildApp({ table: composed.value, logger, token: "bench-token-0123456789abcdef" });
  // real sockets over loopback, as the displays and the page connect
  const base = (await app.listen({ host: "127.0.0.1", port: 0 })).replace("http", "ws");
  const connect = (onText: (text: string) => void) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/live`);
      ws.on("message", (data) => onText(String(data)));
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });
  const displays = await Promise.all(
    Array.from({ length: DISPLAYS }, async () => {
      const d = { states: 0, bytes: 0 };
      const ws = await connect((text) => {
        d.bytes += Buffer.byteLength(text);
        if (text.startsWith('{"type":"state"')) d.states++;
      });
      return { d, ws };
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  for (const { d } of displays) Object.assign(d, { states: 0, bytes: 0 });
  let answered: (() => void) | null = null;
  const sender = await connect((text) => text.includes('"camera.reported"') && answered?.());
  let sent = 0;
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const reply = new Promise<void>((r) => {
      answered = r;
    });
    sender.send(
      JSON.stringify({ type: "camera.seen", markers: [{ id: 13, x: 100 + (sent % 1500), y: 600, heading: 90, uncertainty: 0.5 }] }),
    );
    sent++;
    await reply;
  }
  await new Promise((r) => setTimeout(r, CAMERA_REPORT_MS * 2));
  sender.terminate();
  const mb = (b: number) => (b / 1e6).toFixed(2);
  const per = displays.map(({ d }) => d);
  const bytes = Math.max(...per.map((d) => d.bytes));
  const states = Math.max(...per.map((d) => d.states));
  for (const { ws } of displays) ws.terminate();
  await app.close();
  await composed.value.close();
  return [
    `A sender reporting as fast as the host answers for ${SECONDS} s, ${DISPLAYS} displays (pacer: one batch every ${CAMERA_REPORT_MS} ms):`,
    "",
    "| reports sent | state pushes per display | MB per display | MB per display in 30 s |",
    "|---|---|---|---|",
    `| ${sent} | ${states} | ${mb(bytes)} | ${mb((bytes * 30) / SECONDS)} |`,
    "",
  ].join("\n");
}
