/**
 * Never lose a game: the real host is killed with SIGKILL right after a resolved action and started again on
 * the same data dir; the table is exactly as it was, the dial turns back to the stored wind, and an action
 * whose dice were not complete is still pending — not applied.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { TableView } from "../../host/server/view-schema.ts";
import { demoSetup, uidOf } from "../host/helpers.ts";
import { call, freshDataDir, type HostProcess, settled, startHost, until } from "./harness.ts";

const setup = demoSetup();
let host: HostProcess | null = null;
afterEach(async () => {
  await host?.stop();
  host = null;
});

const state = async (h: HostProcess) => (await call(`${h.url}/api/state`)).json as unknown as TableView;
const ready = (h: HostProcess) =>
  until(
    () => state(h),
    (s) => s.devices.filter((d) => d.connected).length >= 12,
    20_000,
  );
const ROLLERS = ["pixel-1", "pixel-2", "pixel-3", "pixel-4", "pixel-5", "pixel-6", "godice-1", "godice-2", "godice-3", "pixel-1"];

describe("killing the host", () => {
  it("resumes exactly after SIGKILL right after a resolved action; a half-rolled action stays pending", async () => {
    const data = freshDataDir();
    host = await startHost(data);
    await ready(host);
    await call(`${host.url}/api/actions`, "POST", { action: { type: "set-wind", windward: "W" } });
    const windAngle = await settled(`${host.url}`);
    await call(`${host.url}/api/actions`, "POST", { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 4 } });
    for (const [i, die] of ROLLERS.entries()) await call(`${host.url}/api/sim/roll`, "POST", { die, face: (i % 6) + 1 });
    const resolved = await until(
      () => state(host as HostProcess),
      (s) => s.last?.seq !== undefined && s.history.length === 2,
    );
    await host.kill();

    host = await startHost(data);
    const back = await state(host);
    expect(back.ships).toEqual(resolved.ships);
    expect(back.history).toEqual(resolved.history);
    expect(back.last).toEqual(resolved.last);
    expect(back.windState).toEqual({ windward: "W" });
    await ready(host);
    expect(await settled(`${host.url}`)).toBe(windAngle);

    // an action interrupted before its dice were complete
    await call(`${host.url}/api/sim/tap`, "POST", { reader: "reader-1", uid: uidOf(setup, "gouda") });
    await until(
      () => state(host as HostProcess),
      (s) => s.pending?.action.firer === "gouda",
    );
    await call(`${host.url}/api/sim/lift`, "POST", { reader: "reader-1" });
    await call(`${host.url}/api/sim/tap`, "POST", { reader: "reader-2", uid: uidOf(setup, "royal-james") });
    await until(
      () => state(host as HostProcess),
      (s) => s.pending?.action.target === "royal-james",
    );
    await call(`${host.url}/api/draft`, "POST", { values: { rangeInches: 6 } });
    for (const die of ["pixel-1", "pixel-2", "pixel-3"]) await call(`${host.url}/api/sim/roll`, "POST", { die, face: 6 });
    const half = await until(
      () => state(host as HostProcess),
      (s) => s.pending?.dice.length === 3,
    );
    expect(half.pending?.needed).toBeGreaterThan(0);
    await host.kill();

    host = await startHost(data);
    const after = await state(host);
    expect(after.pending?.action).toMatchObject({ type: "broadside", firer: "gouda", target: "royal-james", rangeInches: 6 });
    expect(after.pending?.dice).toEqual(half.pending?.dice);
    expect(after.pending?.needed).toBe(half.pending?.needed);
    expect(after.ships).toEqual(resolved.ships);
    expect(after.history).toEqual(resolved.history);
  }, 120_000);
});
