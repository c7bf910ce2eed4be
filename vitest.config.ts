import { defineConfig } from "vitest/config";

/**
 * Four lanes. `core` is the pure rules core (test/src) and the layering check: no I/O, no shared state, so it runs on
 * threads without isolation (`npm run test:core`, the inner loop). The others touch processes, ports, files, ptys and
 * chromium and keep one fork per file. `npm test` runs every lane.
 *
 * Three workers on a 2-core machine: vitest's default there is one (cores − 1), and most files of the device, host
 * and browser lanes wait on sockets, ptys and chromium rather than compute, so one worker left a core idle (load ~1)
 * and the suite took 10 min; with three it takes under 5 (docs/performance.md).
 */
export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "core", include: ["test/src/**/*.test.ts", "test/layering.test.ts"], pool: "threads", isolate: false },
      },
      {
        extends: true,
        test: { name: "devices", include: ["test/devices/**/*.test.ts", "test/firmware-bridge/**/*.test.ts"], pool: "forks" },
      },
      { extends: true, test: { name: "host", include: ["test/host/**/*.test.ts", "test/club/**/*.test.ts"], pool: "forks" } },
      { extends: true, test: { name: "browser", include: ["test/browser/**/*.test.ts"], pool: "forks" } },
    ],
  },
});
