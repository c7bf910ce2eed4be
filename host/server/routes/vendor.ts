/**
 * `GET /vendor/<name>`: the browser modules the pages import (Preact, its hooks, htm), served from node_modules
 * so the pages need no CDN and no bundler. Only the files named here are served; the pages' import map
 * (`host/public/*.html`) maps the bare names `preact`, `preact/hooks` and `htm` to these URLs.
 */
import { createReadStream, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fileReply, refuse, replies, type TableApp } from "../typed-routes.ts";

/** URL file name → the module specifier Node resolves to the package's ES module build. */
export const VENDOR_MODULES = {
  "preact.mjs": "preact",
  "preact-hooks.mjs": "preact/hooks",
  "htm.mjs": "htm",
} as const;

/** A script sent to the pages as it is. */
const script = { response: replies({ 200: fileReply("text/javascript", "A script the pages load") }) } as const;

export async function vendorRoutes(app: TableApp): Promise<void> {
  // read once at start: a handful of small files, and a missing package fails the start, not a page
  const files = new Map(
    Object.entries(VENDOR_MODULES).map(([name, spec]) => [name, readFileSync(fileURLToPath(import.meta.resolve(spec)), "utf8")]),
  );
  // OpenCV for the /camera page's worker (11 MB, WebAssembly inside): streamed from the package on request, never
  // read at start; a table without the package answers 404 and the page says so
  app.get("/vendor/opencv.js", { schema: script }, async (_req, reply) => {
    let file: string;
    try {
      file = fileURLToPath(import.meta.resolve("@techstark/opencv-js"));
    } catch {
      return refuse({ code: "input.invalid", message: "OpenCV is not installed.", path: "/vendor/opencv.js" }, 404);
    }
    return reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=86400").send(createReadStream(file));
  });
  // The AprilTag library as WebAssembly for the /camera page's worker (225 KB, the .wasm inside): beside the camera's
  // sources, and beside the compiled host in dist/ (scripts/build.mjs copies it); streamed on request
  app.get("/vendor/apriltag.js", { schema: script }, async (_req, reply) => {
    const file = fileURLToPath(new URL("../../../devices/camera/apriltag/apriltag-wasm.cjs", import.meta.url));
    return reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(createReadStream(file));
  });
  for (const [name, text] of files) {
    app.get(`/vendor/${name}`, { schema: script }, async (_req, reply) =>
      reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(text),
    );
  }
}
