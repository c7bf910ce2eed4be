/**
 * The club board of the club-scale bench in its own process (as `quarterdeck club --broker …` runs), so that its
 * memory and CPU are its own: started with the broker's URL and the SQLite file, it serves the board's HTTP and
 * live socket on a free port and answers the bench over IPC — `usage` (its resource usage), `held` (each table's
 * records and head, from its store), `close`.
 */
import Database from "better-sqlite3";
import { startClubHost } from "../../host/club/club-host.ts";
import { buildClubApp } from "../../host/club/server.ts";
import { quiet } from "../../test/club/helpers.ts";

const [url, dbFile] = process.argv.slice(2) as [string, string];
const send = (m: unknown) => process.send?.(m);

const club = await startClubHost({ broker: { kind: "external", url, clientId: "scale-board" }, dbFile, logger: quiet });
const app = await buildClubApp(club, quiet);
await app.listen({ port: 0, host: "127.0.0.1" });
const addr = app.server.address();
while (!club.source.connected) await new Promise((r) => setTimeout(r, 20));
send({ type: "ready", port: typeof addr === "object" && addr ? addr.port : 0 });

process.on("message", async (m: { type: string }) => {
  if (m.type === "usage") {
    const u = process.resourceUsage();
    send({ type: "usage", maxRSS: u.maxRSS * 1024, rss: process.memoryUsage().rss, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 });
  } else if (m.type === "held") {
    const db = new Database(dbFile, { readonly: true });
    const rows = db.prepare('SELECT tbl AS "table", COUNT(*) AS records, MAX(seq) AS maxSeq FROM club_records GROUP BY tbl').all();
    const received = db.prepare('SELECT tbl AS "table", seq, received_at AS at FROM club_records').all();
    db.close();
    send({ type: "held", rows, received, tiles: club.tables().map((t) => ({ table: t.table, lastSeq: t.lastSeq, online: t.online })) });
  } else if (m.type === "close") {
    await app.close();
    await club.close();
    send({ type: "closed" });
    process.exit(0);
  }
});
