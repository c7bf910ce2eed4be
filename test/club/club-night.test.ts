/**
 * Club mode's acceptance run (club-suite.ts) against each broker: Debian's Mosquitto (installed by .ci/run) and the
 * embedded one (aedes in the club host). The two nights run at the same time, so the 30 s one table cannot reach
 * its broker is waited once, not twice; each has its own ports, files and tables.
 */
import { describe, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { runClubNight } from "./club-suite.ts";
import { freePort, Mosquitto, quiet } from "./helpers.ts";

const night = "10 tables × 200 actions, two broker restarts, one table unreachable for 30 s: 2,000 records, in order, once each";

describe.concurrent("a club night", () => {
  it(`over Mosquitto: ${night}`, async () => {
    const m = new Mosquitto(await freePort());
    await runClubNight({
      port: m.port,
      start: () => m.start(),
      stop: () => m.stop(),
      club: (dbFile) => startClubHost({ broker: { kind: "external", url: m.url }, dbFile, club: "test-club", logger: quiet }),
    });
  }, 150_000);

  it(`over the embedded broker: ${night}`, async () => {
    const port = await freePort();
    let host: ClubHost | null = null;
    await runClubNight({
      port,
      start: async () => host?.embedded?.start(),
      stop: async () => host?.embedded?.stop(),
      club: async (dbFile) => {
        host = await startClubHost({ broker: { kind: "embedded", port }, dbFile, club: "test-club", logger: quiet });
        return host;
      },
    });
  }, 150_000);
});
