/** Club mode against Debian's Mosquitto (installed by .ci/run): the club night of club-suite.ts. */
import { describe, it } from "vitest";
import { startClubHost } from "../../host/club/club-host.ts";
import { runClubNight } from "./club-suite.ts";
import { freePort, Mosquitto, quiet } from "./helpers.ts";

describe("club mode over Mosquitto", () => {
  it("10 tables × 200 actions, two broker restarts, one table unreachable for 30 s: 2,000 records, in order, once each", async () => {
    const m = new Mosquitto(await freePort());
    await runClubNight({
      port: m.port,
      start: () => m.start(),
      stop: () => m.stop(),
      club: (dbFile) => startClubHost({ broker: { kind: "external", url: m.url }, dbFile, club: "test-club", logger: quiet }),
    });
  }, 150_000);
});
