/**
 * `npm run reference`: writes the generated pages of docs/reference/ from the code (see pages.ts).
 * `--check` writes nothing and exits 1 naming each page that differs from what the code gives.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { referencePages } from "./pages.ts";

const dir = fileURLToPath(new URL("../../docs/reference/", import.meta.url));
const check = process.argv.includes("--check");
const pages = await referencePages();
const read = (name: string): string | null => {
  try {
    return readFileSync(join(dir, name), "utf8");
  } catch {
    return null;
  }
};
const stale = Object.entries(pages).filter(([name, text]) => read(name) !== text);
if (check) {
  for (const [name] of stale) console.error(`docs/reference/${name} is stale: run npm run reference`);
  process.exit(stale.length ? 1 : 0);
}
for (const [name, text] of stale) writeFileSync(join(dir, name), text);
console.log(stale.length ? `wrote ${stale.map(([n]) => n).join(", ")}` : "docs/reference is up to date");
process.exit(0);
