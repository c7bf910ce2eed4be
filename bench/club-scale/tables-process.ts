/**
 * Simulated tables of the club-scale bench, several in one process: each the real session, its own SQLite store
 * with its outbox, and its publisher (test/club/helpers.ts's SimTable, its `state` at most once a second as the product's), reporting to the broker at its own URL
 * (direct, or through the bench's cuttable gate). Each resolves `actions` actions, one every `everyMs` (jittered,
 * the tables' first actions spread over one interval), and tells the bench over IPC when each was resolved
 * (`timeOrigin + now`, comparable across the bench's processes), then `done`; `close` closes every table. They
 * start on `go`, once every process has opened its tables.
 */
import { SimTable } from "../../test/club/helpers.ts";

interface Plan {
  readonly club: string;
  readonly tables: readonly { readonly id: string; readonly url: string }[];
  readonly actions: number;
  readonly everyMs: number;
}

const send = (m: unknown) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

process.once("message", async (plan: Plan) => {
  const tables = plan.tables.map((t) => new SimTable(t.id, t.url, undefined, plan.club, 1000));
  // every process's tables open before any plays: the bench's clock (and its outages) start at `go`
  const go = new Promise((r) => process.once("message", r));
  send({ type: "ready" });
  await go;
  await Promise.all(
    tables.map(async (t, i) => {
      await sleep((plan.everyMs * i) / tables.length + Math.random() * 100);
      for (let seq = 1; seq <= plan.actions; seq++) {
        t.step();
        send({ type: "resolved", table: t.id, seq, at: now() });
        await sleep(plan.everyMs * (0.75 + Math.random() * 0.5));
      }
    }),
  );
  send({ type: "done" });
  process.on("message", async (m: { type: string }) => {
    if (m.type !== "close") return;
    await Promise.all(tables.map((t) => t.close()));
    send({ type: "closed" });
    process.exit(0);
  });
});
