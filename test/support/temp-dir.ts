/** Temporary directories for tests: one fresh directory per call, under the OS temp dir. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh, empty directory named `<prefix>XXXXXX` (the OS removes temp dirs; tests that must clean up rm it). */
export const tempDir = (prefix = "qd-test-"): string => mkdtempSync(join(tmpdir(), prefix));
