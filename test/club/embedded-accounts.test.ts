/** The embedded broker with table accounts: bad passwords are refused, a table publishes only under its own id. */
import { join } from "node:path";
import mqtt from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { startClubHost } from "../../host/club/club-host.ts";
import { ownsTopic } from "../../host/club/embedded-broker.ts";
import { tempDir } from "../host/helpers.ts";
import { freePort, quiet } from "./helpers.ts";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const event = (seq: number) =>
  JSON.stringify({ game: "g1-x", seq, at: "", ruleset: "quickfire", kind: "resolved", action: {}, outcome: {}, dice: [], summary: "hit" });

describe("embedded broker accounts", () => {
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const s of stops) await s();
  });

  it("ownsTopic: only quarterdeck/<club>/<table>/<leaf> of its own table", () => {
    const a = { username: "t1", password: "p", table: "club/t1" };
    expect(ownsTopic(a, "quarterdeck/club/t1/events")).toBe(true);
    expect(ownsTopic(a, "quarterdeck/club/t2/events")).toBe(false);
    expect(ownsTopic(a, "quarterdeck/club/t1/events/x")).toBe(false);
    expect(ownsTopic({ username: "board", password: "p" }, "quarterdeck/club/t1/events")).toBe(false);
  });

  it("refuses a wrong password and keeps only a table's own records", async () => {
    const port = await freePort();
    const club = await startClubHost({
      broker: { kind: "embedded", port, accounts: [{ username: "t1", password: "right", table: "club/t1" }] },
      dbFile: join(tempDir(), "club.sqlite"),
      logger: quiet,
    });
    stops.push(() => club.close());
    const url = `mqtt://127.0.0.1:${port}`;
    const bad = mqtt.connect(url, { username: "t1", password: "wrong", reconnectPeriod: 0 });
    const refused = await Promise.race([
      new Promise<string>((done) => bad.once("error", (e) => done(e.message))),
      sleep(3000).then(() => "no error"),
    ]);
    expect(refused).toMatch(/not authorized|bad user/i);
    bad.end(true);

    const good = await mqtt.connectAsync(url, { username: "t1", password: "right", reconnectPeriod: 0 });
    await good.publishAsync("quarterdeck/club/t1/events", event(1), { qos: 1 });
    // aedes drops a client that publishes where it may not: the other table's topic gets nothing
    await Promise.race([good.publishAsync("quarterdeck/club/t2/events", event(1), { qos: 1 }).catch(() => undefined), sleep(500)]);
    good.end(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(club.tables().map((t) => [t.table, t.records])).toEqual([["t1", 1]]);
  });
});
