/**
 * `quarterdeck camera detect IMAGE [--json]` (docs/reference/camera.md): what the camera sees in any
 * photo, no table needed — each marker's id, its corners in the official AprilTag image's order (top-left first,
 * clockwise; pixel centres at integers) and whether its pattern fit is kept. For a club checking its camera, and for
 * comparing detectors. A file that is not a readable image, or is too large, exits 2.
 */
import { loadAprilTag } from "../../../devices/camera/apriltag-node.ts";
import { detectPhoto } from "../../../devices/camera/detect-photo.ts";
import { readGreyImage } from "../../../devices/camera/image-file.ts";
import { openCvDetector } from "../../../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

/** Corners to two decimals: a hundredth of a pixel is well under any detector's error. */
const r2 = (v: number) => Math.round(v * 100) / 100;

export async function runCameraDetect(file: string | undefined, json: boolean): Promise<CommandResult> {
  if (!file) return badInput({ code: "input.invalid", message: "Name the image to look at (PNG or JPEG).", path: "argv[2]" });
  // bounded before decoding, as `camera measure`'s (devices/camera/image-file.ts)
  const read = await readGreyImage(file);
  if (!read.ok) return badInput({ code: "input.invalid", message: `${file}: ${read.reason}.`, path: file });
  const image = read.image;
  const { cv } = await loadOpenCv();
  const detector = await openCvDetector(cv);
  const seen = await detectPhoto(detector, image, await loadAprilTag()).finally(() => detector.close());
  const markers = seen.map((m) => ({ id: m.id, corners: m.corners.map((p) => [r2(p.x), r2(p.y)]), fit: m.fit }));
  if (json) return { code: 0, stdout: printJson({ ok: true, width: image.width, height: image.height, markers }) };
  const lines = seen.map((m) => {
    const [x, y] = [m.corners.reduce((s, p) => s + p.x / 4, 0), m.corners.reduce((s, p) => s + p.y / 4, 0)];
    return `marker ${m.id} at (${r2(x)}, ${r2(y)}) px: ${m.fit}`;
  });
  const head = `${file}: ${image.width}×${image.height}, ${markers.length} marker${markers.length === 1 ? "" : "s"} seen`;
  return { code: 0, stdout: `${[head, ...lines].join("\n")}\n` };
}
