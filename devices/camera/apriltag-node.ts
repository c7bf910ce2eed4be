/**
 * The AprilTag library (`apriltag-detector.ts`) loaded in Node, once, on first use: the WebAssembly module is one
 * CommonJS file with the .wasm inside (`apriltag/apriltag-wasm.cjs`, 225 KB), started in a few milliseconds. Apart
 * from the detector so the /camera worker's bundle carries no Node loader (it loads the same file with `importScripts`).
 */
import { createRequire } from "node:module";
import { type AprilTag, type AprilTagModule, aprilTagOver } from "./apriltag-detector.ts";

let loading: Promise<AprilTag> | null = null;

/** The library (one instance per process: the C detector keeps its own state). */
export function loadAprilTag(): Promise<AprilTag> {
  loading ??= (async () => {
    // emscripten's CommonJS output has no types: the module's one export is the factory build.sh names (a boundary)
    const create = createRequire(import.meta.url)("./apriltag/apriltag-wasm.cjs") as () => Promise<AprilTagModule>;
    return aprilTagOver(await create());
  })();
  return loading;
}
