/** A composed table and its app for the server tests: all-emulated (`sim`) or with no devices at all. */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { type AppOptions, buildApp } from "../../../host/server/app.ts";
import { poll } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

export const TOKEN = "test-token-0123456789abcdef";

export interface AppFixture {
  readonly app: FastifyInstance;
  readonly table: TableRuntime;
  close(): Promise<void>;
}

/** Polls until `check` holds (emulators answer over real ptys and BLE emulation, not synchronously). */
export const until = poll;

/** Builds a table and its app; `sim` waits for the emulated devices to connect. */
export async function appFixture(sim: boolean, extra: Partial<AppOptions> = {}): Promise<AppFixture> {
  const logger = extra.logger ?? pino({ level: "silent" });
  const composed = await composeTable({
    setup: sim ? demoSetup() : { ...demoSetup(), devices: {} },
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  const table = composed.value;
  const app = await buildApp({ table, logger, token: TOKEN, ...extra });
  if (sim) {
    await until(
      () => table.view().devices,
      (d) => d.filter((x) => x.connected).length >= 12,
    );
  }
  return {
    app,
    table,
    close: async () => {
      await app.close();
      await table.close();
    },
  };
}

/** What a refused request must leave as it was: version, working state, records and notices. */
export function fingerprint(table: TableRuntime): string {
  const s = table.session;
  return JSON.stringify({ v: s.version, work: s.work, records: s.records.length, notices: s.notices.length });
}
