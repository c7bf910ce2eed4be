/**
 * OpenCV (`@techstark/opencv-js`) loaded in Node, once, on first use; a missing or broken library is a clear error,
 * not a crash of the host. Apart from the detector so the browser worker's bundle carries no Node loader.
 */
import { runtimeReady } from "./opencv-detector.ts";

// biome-ignore lint/suspicious/noExplicitAny: the library's own typings do not cover the ArUco module.
type Cv = any;

let loading: Promise<{ readonly cv: Cv }> | null = null;

/**
 * Loads OpenCV once, in Node (`require`: the package is CommonJS, and through `import()` some loaders hand back its
 * runtime, an Emscripten module, which is itself a thenable and so is awaited forever). It is handed on inside an
 * object for the same reason. A browser worker loads the same file with `importScripts` instead.
 */
export function loadOpenCv(): Promise<{ readonly cv: Cv }> {
  loading ??= (async () => {
    const { createRequire } = await import("node:module");
    const cv: Cv = createRequire(import.meta.url)("@techstark/opencv-js");
    await runtimeReady(cv);
    return { cv };
  })();
  return loading;
}
