import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataFile, parseDataText } from "../../../host/config/data-file.ts";
import { prepareData } from "../../../host/config/prepared-data.ts";
import { SCENARIO_DIR } from "../../../host/config/scenario.ts";

/** Every path of a value in `locate`'s notation (`fleets[0].ships[1].name`). */
function paths(value: unknown, at = ""): string[] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => paths(v, `${at}[${i}]`)));
  if (value !== null && typeof value === "object")
    return here.concat(Object.entries(value).flatMap(([k, v]) => paths(v, at ? `${at}.${k}` : k)));
  return here;
}

describe("prepared copies of the bundled data files", () => {
  const files = readdirSync(SCENARIO_DIR, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f));

  it("carry the value and say the same file:line as the YAML for every path, and for paths that are not there", () => {
    expect(files.length).toBeGreaterThan(4);
    for (const name of files) {
      const file = join(SCENARIO_DIR, name);
      const text = readFileSync(file, "utf8");
      const parsed = parseDataText(text, file);
      const prepared = prepareData(text, file);
      if (!parsed.ok || !prepared) throw new Error(`${name} could not be prepared`);
      const dir = mkdtempSync(join(tmpdir(), "qd-prepared-"));
      const copy = join(dir, "x.yaml");
      writeFileSync(copy, text);
      writeFileSync(`${copy}.json`, JSON.stringify(prepared));
      const loaded = loadDataFile(copy);
      const yaml = parseDataText(text, copy);
      if (!loaded.ok || !yaml.ok) throw new Error(`${name} did not load`);
      expect(loaded.value.value).toEqual(parsed.value.value);
      for (const p of paths(parsed.value.value).flatMap((p) => [p, `${p}.nothing`, `${p}[99].x`])) {
        expect(loaded.value.locate(p), `${name}: ${p}`).toBe(yaml.value.locate(p));
      }
    }
  });

  it("are read instead of the YAML when no older than it, and ignored when older or unreadable", () => {
    const dir = mkdtempSync(join(tmpdir(), "qd-prepared-"));
    const file = join(dir, "t.yaml");
    writeFileSync(file, "name: from the yaml\n");
    writeFileSync(`${file}.json`, JSON.stringify({ value: { name: "from the copy" }, lines: { '["name"]': 1 } }));
    const fresh = loadDataFile(file);
    expect(fresh.ok && fresh.value.value).toEqual({ name: "from the copy" });
    expect(fresh.ok && fresh.value.locate("name")).toBe(`${file}:1 (name)`);
    // the YAML edited after the build: its own text counts
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const stale = loadDataFile(file);
    expect(stale.ok && stale.value.value).toEqual({ name: "from the yaml" });
    writeFileSync(`${file}.json`, "{ not json");
    utimesSync(`${file}.json`, later, new Date(later.getTime() + 1000));
    const broken = loadDataFile(file);
    expect(broken.ok && broken.value.value).toEqual({ name: "from the yaml" });
  });
});
