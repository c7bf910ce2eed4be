/** Builds dist/ once before the suite, so tests that run the real bin (node bin/quarterdeck.mjs) run today's code. */
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}
