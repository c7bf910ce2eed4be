/**
 * The entry of `quarterdeck start`'s own bundle (dist/host/cli/start.cjs, scripts/build.mjs): the command line with
 * the start row alone, so the bundle holds the start path and nothing of the other commands. bin/quarterdeck.mjs
 * runs it with V8's code cache (bin/code-cache.mjs); any other command goes through entry.ts.
 */

import { startupMarks } from "../startup-marks.ts";
import { START_COMMAND } from "./commands/start-command.ts";
import { main } from "./dispatch.ts";

/** Runs `quarterdeck start …` (argv from the command's first word). */
export const startMain = (argv: readonly string[]): Promise<void> => main(argv, [START_COMMAND]);

/**
 * Whether this process got as far as listening: only then is its code cache worth keeping (a `--help` or a refused
 * table file compiles a fraction of the start, and a cache V8 accepts is not written again).
 */
export const startedToListen = (): boolean => startupMarks().some((m) => m.name === "listening");
