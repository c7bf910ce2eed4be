/**
 * `quarterdeck camera measure` on hostile images, run as a child process whose peak memory is read from its own
 * resource usage at exit: each is refused from its header or by a counting inflate (devices/camera/image-file.ts)
 * with exit 2 and the reason, under 600 MB. Before the bounded loader: the 60000×60000 PNG took 6.1 GB, the
 * interlaced one inflated its whole stream (here 900 MB), the 8192×8192 JPEG was refused only by jpeg-js's memory
 * ceiling after allocating towards it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { deflatedZeros, flatGreyJpeg, pngFile } from "../../devices/camera/image-bytes.ts";

const dir = mkdtempSync(join(tmpdir(), "qd-hostile-"));
const files: Record<string, string> = {};

/** Prints the process's peak resident set (KB, getrusage's ru_maxrss) on stderr as it exits. */
const REPORT_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("maxRSS "+process.resourceUsage().maxRSS+"\\n"))`;

function measure(file: string) {
  const p = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", REPORT_RSS, "host/cli/entry.ts", "camera", "measure", file, "--area", "1800x1200", "--json"],
    { encoding: "utf8", timeout: 120_000 },
  );
  const rss = Number(/maxRSS (\d+)/.exec(p.stderr)?.[1] ?? Number.NaN) * 1024;
  return { status: p.status, out: JSON.parse(p.stdout) as { ok: boolean; error: { message: string } }, rss };
}

beforeAll(async () => {
  // 30000 rows of a filter byte and 30000 zero samples: a real, valid 30000×30000 grey PNG, 0.9 MB on disk
  const zeros = await deflatedZeros(30_000 * 30_001);
  const write = (name: string, bytes: Buffer) => {
    files[name] = join(dir, name);
    writeFileSync(files[name], bytes);
  };
  write("declared.png", pngFile({ width: 60_000, height: 60_000, colourType: 6 }, await deflatedZeros(4)));
  write("zeros.png", pngFile({ width: 30_000, height: 30_000 }, zeros));
  write("interlaced.png", pngFile({ width: 100, height: 100, interlaced: true }, zeros));
  write("big.jpg", flatGreyJpeg(8192, 8192));
}, 120_000);

describe("camera measure bounds an image before decoding it", () => {
  it.each([
    ["declared.png", /60000×60000: at most 8192 pixels a side/],
    ["zeros.png", /30000×30000: at most 8192 pixels a side/],
    ["interlaced.png", /inflates to more than its 100×100 pixels need/],
    ["big.jpg", /8192×8192 \(67\.1 megapixels\): at most 16\.8 megapixels/],
  ])("%s: exit 2 with the reason, under 600 MB", { timeout: 120_000 }, (name, reason) => {
    const r = measure(files[name] as string);
    expect(r.status).toBe(2);
    expect(r.out.ok).toBe(false);
    expect(r.out.error.message).toMatch(reason);
    expect(r.rss).toBeLessThan(600 * 2 ** 20);
  });

  it("the PNG declaring 60000×60000 is under 70 bytes", () => {
    expect(pngFile({ width: 60_000, height: 60_000, colourType: 6 }, Buffer.alloc(0)).length).toBeLessThan(70);
  });
});
