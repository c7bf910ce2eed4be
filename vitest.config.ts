import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Four lanes. `core` is the pure rules core (test/src) and the layering check: no I/O, no shared state, so it runs on
 * threads without isolation (`npm run test:core`, the inner loop). The others touch processes, ports, files, ptys and
 * chromium and run in forks. The device, host and browser lanes reuse a fork's modules from one file to the next
 * (`isolate: false`): each of their files imported the whole host (fastify, the rule sets, the composition root)
 * afresh, which was more than half their time (test/host/server: import 397 s of 731 s summed, under load); every
 * file closes what it opens (hosts, sockets, ptys, children), and none sets a global. Each browser file connects to
 * the run's one chromium (test/browser/chromium-server.ts) rather than launching its own. `npm test` runs every lane.
 *
 * Workers: one more than the cores, three on this 2-core machine (vitest's default would be one: cores − 1). Most files of the device, host and
 * browser lanes wait on sockets, ptys and chromium rather than compute, so with one worker a core sits idle and the
 * suite takes twice as long (docs/performance.md). The one file that failed beside others, add-devices, was a product
 * bug under load (a BLE scan start noble ignored; an adapter answering after the settling time), fixed in
 * devices/ble and pinned by test/devices/emulators/hci/scan-restarts.test.ts.
 */
const TIMEOUTS = { testTimeout: 20_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    maxWorkers: availableParallelism() + 1,
    ...TIMEOUTS,
    projects: [
      {
        extends: true,
        test: { name: "core", include: ["test/src/**/*.test.ts", "test/layering.test.ts"], pool: "threads", isolate: false },
      },
      {
        extends: true,
        test: {
          name: "devices",
          include: ["test/devices/**/*.test.ts", "test/firmware-bridge/**/*.test.ts"],
          pool: "forks",
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "host", include: ["test/host/**/*.test.ts", "test/club/**/*.test.ts"], pool: "forks", isolate: false },
      },
      // not `extends: true`: it would inherit the root's globalSetup and build dist/ a second time
      {
        test: {
          ...TIMEOUTS,
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          pool: "forks",
          isolate: false,
          globalSetup: ["test/browser/chromium-server.ts"],
        },
      },
    ],
  },
});
