/**
 * Presses of the emulated button box for the browser tests that play turns from the table's devices only.
 */
import type { TableView } from "../../host/server/view-schema.ts";
import { call, type OpenDisplay, until } from "./harness.ts";

/**
 * A pad for the open table `table()`: each press waits for the state it brings. Presses are 300 ms apart, well past
 * the pad's 50 ms debounce, which the host judges as it reads the report: under load, presses 80 ms apart were read
 * closer than that and taken for contact bounce.
 */
export function padPresser(table: () => OpenDisplay): (command: string) => Promise<TableView> {
  let lastPress = 0;
  return async (command) => {
    const t = table();
    const wait = lastPress + 300 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const before = (await t.state()).version;
    lastPress = Date.now();
    await call(`${t.host.url}/api/sim/press`, "POST", { command });
    return until(
      () => t.state(),
      (s) => s.version > before,
      10_000,
    );
  };
}

/** What a stage that was not reached shows, for the failure's message: the pending action, notices, the host's last words. */
export function stuckAt(table: () => OpenDisplay): (s: TableView) => string {
  return (s) =>
    JSON.stringify(
      {
        turn: s.turn,
        phase: s.phase,
        pending: s.pending && { type: s.pending.type, origin: s.pending.origin, instruction: s.pending.instruction },
        notices: s.notices.slice(-4),
        host: table().host.output().slice(-1500),
      },
      null,
      1,
    );
}
