/**
 * `quarterdeck camera measure IMAGE --area WxH [--size MM] [--json]` (docs/reference/camera.md): the markers in a photo or frame
 * (PNG or JPEG), the ships' positions and headings in table millimetres. For people setting the camera up and
 * debugging it. A file that is not an image, or an image without the reference markers, says what it found and
 * exits 2.
 */

import { aprilTagDetector } from "../../../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import { MarkerFinder } from "../../../devices/camera/find-markers.ts";
import { readGreyImage } from "../../../devices/camera/image-file.ts";
import { measureMarkers } from "../../../devices/camera/measure.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

/** `WxH` in mm. */
export function parseArea(s: string | undefined): { width: number; height: number } | null {
  const m = /^(\d+(?:\.\d+)?)[x×](\d+(?:\.\d+)?)$/.exec(s ?? "");
  if (!m) return null;
  const [width, height] = [Number(m[1]), Number(m[2])];
  return width > 0 && height > 0 && width <= 100_000 && height <= 100_000 ? { width, height } : null;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export async function runCameraMeasure(
  file: string | undefined,
  areaText: string | undefined,
  sizeText: string | undefined,
  json: boolean,
): Promise<CommandResult> {
  if (!file) return badInput({ code: "input.invalid", message: "Name the image to measure (PNG or JPEG).", path: "argv[2]" });
  const area = parseArea(areaText);
  if (!area) {
    return badInput({ code: "input.invalid", message: "--area must be the playing area as WxH in mm, e.g. 1800x1200.", path: "--area" });
  }
  const size = sizeText === undefined ? undefined : Number(sizeText);
  if (size !== undefined && !(size > 0 && size <= 1000)) {
    return badInput({ code: "input.invalid", message: "--size must be the ship markers' side in mm (0–1000).", path: "--size" });
  }
  // bounded before decoding: size and bytes from the header (devices/camera/image-file.ts)
  const read = await readGreyImage(file);
  if (!read.ok) return badInput({ code: "input.invalid", message: `${file}: ${read.reason}.`, path: file });
  const image = read.image;
  // The AprilTag library's look (its threshold following the image's noise), then its further look on a half-size
  // image for markers the first missed (docs/camera.md, step 1). OpenCV is not loaded (its 11 MB took a second).
  const detector = aprilTagDetector(await loadAprilTag());
  const { markers: found } = await new MarkerFinder(detector).find(image);
  const m = measureMarkers(found, {
    area,
    width: image.width,
    height: image.height,
    ...(size ? { shipSize: size } : {}),
    ...(detector.cells ? { refine: { image, cells: detector.cells } } : {}),
  });
  if (!m.ok) {
    return {
      code: 2,
      stdout: printJson({
        ok: false,
        error: { code: m.code, message: `${file}: ${m.message}.`, path: file },
        found: m.found,
        missing: m.missing,
      }),
    };
  }
  const out = {
    ok: true,
    area,
    markers: m.markers.map((p) => ({ id: p.id, x: r1(p.x), y: r1(p.y), heading: r1(p.heading), uncertainty: r1(p.uncertainty) })),
    missing: m.missing,
    ...(m.refused.length ? { refused: m.refused } : {}),
    ...(m.note ? { note: m.note } : {}),
  };
  if (json) return { code: 0, stdout: printJson(out) };
  const lines = out.markers.map((p) => `marker ${p.id}: x ${p.x} mm, y ${p.y} mm, heading ${p.heading}°, ±${p.uncertainty} mm`);
  const tail = [
    m.missing.length ? `corners not found: ${m.missing.join(", ")}` : "all four corners found",
    `fit: ${m.fit.points} reference markers, ${m.fit.rms.toFixed(2)} mm RMS${m.note ? ` (${m.note})` : ""}`,
    ...m.refused.map((r) => `marker ${r.id} not placed: ${r.reason}`),
  ];
  return { code: 0, stdout: `${[...lines, ...tail].join("\n")}\n` };
}
