/**
 * `GET /api/health` (docs/reference/http-api.md): whether the table can take actions (its store answers), and how many devices
 * are connected — for a kiosk script waiting for the host, a service monitor, or a member checking from a phone.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { allHealth } from "../../devices.ts";
import { reportStartup } from "../../startup-marks.ts";
import { replies, type TableApp } from "../typed-routes.ts";
import { for200 } from "./live.ts";

export const HealthReply = Type.Object(
  {
    ok: Type.Literal(true),
    ready: Type.Boolean({ description: "The table takes actions: its store answers and takes writes." }),
    store: Type.Object({ ok: Type.Boolean(), message: Type.Optional(Type.String()) }),
    devices: Type.Object({
      total: Type.Integer(),
      connected: Type.Integer(),
      notConnected: Type.Integer(),
      emulated: Type.Integer(),
      byKind: Type.Record(Type.String(), Type.Object({ total: Type.Integer(), connected: Type.Integer() })),
    }),
  },
  {
    description:
      "The table's health. It answers once the host listens, ready as soon as the game file does; the devices start connecting then, so right after a start they show as not connected, each counted as connected once it is",
  },
);
export type HealthReply = Static<typeof HealthReply>;

/** The health of a table right now. */
export function tableHealth(table: TableRuntime): HealthReply {
  let store: HealthReply["store"];
  try {
    table.store.games();
    // the open game's file refusing writes (disk full, read-only, deleted or replaced): the table takes no result
    const unwritable = table.session.storeProblem;
    store = unwritable === null ? { ok: true } : { ok: false, message: unwritable };
  } catch (e) {
    store = { ok: false, message: `The game file cannot be read: ${(e as Error).message}` };
  }
  const devices = allHealth(table.devices);
  const byKind: Record<string, { total: number; connected: number }> = {};
  for (const d of devices) {
    const k = byKind[d.kind] ?? { total: 0, connected: 0 };
    byKind[d.kind] = k;
    k.total += 1;
    if (d.connected) k.connected += 1;
  }
  const connected = devices.filter((d) => d.connected).length;
  return {
    ok: true,
    ready: store.ok,
    store,
    devices: {
      total: devices.length,
      connected,
      notConnected: devices.length - connected,
      emulated: devices.filter((d) => d.emulated).length,
      byKind,
    },
  };
}

export async function healthRoutes(app: TableApp, opts: { table: TableRuntime }): Promise<void> {
  // written by JSON.stringify (tableHealth builds exactly the schema's fields): the first answer after a start, which
  // a kiosk script or a service manager waits for, compiles no serialiser
  const serializerCompiler = for200(JSON.stringify);
  app.get("/api/health", { schema: { response: replies({ 200: HealthReply }) }, serializerCompiler }, async () => {
    const health = tableHealth(opts.table);
    if (health.ready) reportStartup("health ready");
    return health;
  });
}
