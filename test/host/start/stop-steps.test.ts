/** The stop's steps are bounded: a table whose close never ends cannot hold the host, and the store still closes. */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { stopHost } from "../../../host/cli/shutdown.ts";

describe("stopHost", () => {
  it("goes on past a step that never ends, closes the store, and logs which step was late", async () => {
    const lines: Array<{ msg: string; step?: string }> = [];
    const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let storeClosed = 0;
    await stopHost(
      {
        server: { close: async () => undefined },
        table: {
          close: () => new Promise<void>(() => undefined),
          store: {
            close: () => {
              storeClosed += 1;
            },
          },
        },
      },
      logger,
      10,
    );
    expect(storeClosed).toBe(1);
    expect(lines.find((l) => l.msg.startsWith("a stop step did not finish"))?.step).toBe("table");
    expect(lines.at(-1)?.msg).toBe("the host stopped");
  });

  it("a step that fails is logged and the stop goes on", async () => {
    const lines: Array<{ msg: string; step?: string }> = [];
    const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let tableClosed = false;
    await stopHost(
      {
        server: { close: () => Promise.reject(new Error("boom")) },
        table: {
          close: async () => {
            tableClosed = true;
          },
          store: { close: () => undefined },
        },
      },
      logger,
    );
    expect(tableClosed).toBe(true);
    expect(lines.find((l) => l.msg === "a stop step failed")?.step).toBe("server");
  });
});
