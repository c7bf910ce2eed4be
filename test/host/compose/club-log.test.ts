/**
 * Issue 39 item 6: a password written in the club broker's URL (`mqtt://table-3:secret@club-pc:1883`) never reaches
 * the log: the "table ready" line names the broker with `***` in its place.
 */
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { brokerForLog } from "../../../host/club-link/mqtt-options.ts";
import { composeTable } from "../../../host/compose.ts";
import { demoSetup, tempDir } from "../helpers.ts";

describe("the club broker's password in the log", () => {
  it("is hidden in a broker URL, wherever it is written", () => {
    expect(brokerForLog("mqtt://table-3:s3cret@club-pc.local:1883")).toBe("mqtt://table-3:***@club-pc.local:1883");
    expect(brokerForLog("mqtts://:s3cret@club-pc.local")).toBe("mqtts://:***@club-pc.local");
    expect(brokerForLog("mqtt://club-pc.local:1883")).toBe("mqtt://club-pc.local:1883");
    expect(brokerForLog("mqtt://table-3@club-pc.local:1883")).toBe("mqtt://table-3@club-pc.local:1883");
  });

  it("is not in the table ready line", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const club = { broker: "mqtt://table-3:s3cret@127.0.0.1:9", club: "tuesday-club", table: "table-3" };
    const composed = await composeTable({
      setup: { ...demoSetup(), devices: {}, club },
      dbFile: join(tempDir(), "game.sqlite"),
      logger,
      sim: false,
    });
    if (!composed.ok) throw new Error(composed.error.message);
    await composed.value.close();
    const ready = lines.map((l) => JSON.parse(l) as { msg: string; club?: string }).find((l) => l.msg === "table ready");
    expect(ready?.club).toBe("mqtt://table-3:***@127.0.0.1:9");
    expect(lines.join("")).not.toContain("s3cret");
  });
});
