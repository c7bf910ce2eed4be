import { describe, expect, it } from "vitest";
import { parseDataText, splitPath } from "../../../host/config/data-file.ts";

describe("data files keep line numbers", () => {
  const text = "name: house\ncolumns:\n  - percent: 100\n    hits: 7\n  - percent: 50\n    hits: five\n";
  it("locates a nested key", () => {
    const r = parseDataText(text, "chart.yaml");
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.locate("columns[1].hits")).toBe("chart.yaml:6 (columns[1].hits)");
      expect(r.value.locate("columns[0]")).toBe("chart.yaml:3 (columns[0])");
      expect(r.value.locate("columns[9].hits")).toMatch(/^chart.yaml:2/);
    }
  });
  it("a syntax error names the line", () => {
    const r = parseDataText("a: 1\nb: [1, 2\n", "bad.yaml");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toMatch(/^bad.yaml:\d+$/);
  });
  it("splits JSON paths", () => expect(splitPath("a[0].b.c[12]")).toEqual(["a", 0, "b", "c", 12]));
});
