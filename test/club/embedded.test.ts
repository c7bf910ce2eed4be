/** Club mode against the embedded broker (aedes in the club host): the club night of club-suite.ts. */
import { describe, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { runClubNight } from "./club-suite.ts";
import { freePort, quiet } from "./helpers.ts";

describe("club mode over the embedded broker", () => {
  it("10 tables × 200 actions, two broker restarts, one table unreachable for 30 s: 2,000 records, in order, once each", async () => {
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
