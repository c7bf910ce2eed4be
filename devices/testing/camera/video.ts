/**
 * A rendered video for chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`): the table seen from
 * one camera while ships move from where they were to where they end, then stand still. YUV4MPEG2, 4:2:0, grey (the
 * chroma planes flat), at a few frames a second — chromium plays the file at its header's rate, in a loop.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { normalizeBearing, turnBetween } from "../../../src/geometry/vec.ts";
import type { GreyImage } from "../../camera/detector.ts";
import type { MarkerCells } from "../../camera/marker-cells.ts";
import { renderScene } from "./render.ts";
import type { Scene, SceneMarker } from "./scene.ts";

/** One frame's bytes in a YUV4MPEG2 4:2:0 stream (the luma is the grey image, the chroma neutral). */
export function y4mFrame(image: GreyImage): Buffer {
  const { width: w, height: h } = image;
  const chroma = Math.ceil(w / 2) * Math.ceil(h / 2);
  const out = Buffer.alloc(6 + w * h + 2 * chroma, 128);
  out.write("FRAME\n", 0, "latin1");
  out.set(image.data, 6);
  return out;
}

export interface MovingVideo {
  /** The scene as it starts (its camera, light, reference markers and the ships where they were). */
  readonly scene: Scene;
  /** Each ship's marker where it ends (by id). */
  readonly to: readonly SceneMarker[];
  /** Frames of movement, then frames standing still. */
  readonly moving: number;
  readonly still: number;
  /** Frames a second. */
  readonly fps: number;
  /**
   * Markers put down once the ships stand still, absent while they move: each time the video loops they come into
   * the camera's view again (a ship's marker shown to the camera during set-up).
   */
  readonly shown?: readonly SceneMarker[];
}

/** The ships part of the way (0 → 1) from where they were to where they end. */
export function between(scene: Scene, to: readonly SceneMarker[], t: number): Scene {
  const end = new Map(to.map((m) => [m.id, m]));
  const markers = scene.markers.map((m) => {
    const e = end.get(m.id);
    if (!e) return m;
    const turn = turnBetween(m.heading, e.heading);
    return { ...m, x: m.x + (e.x - m.x) * t, y: m.y + (e.y - m.y) * t, heading: normalizeBearing(m.heading + turn * t) };
  });
  return { ...scene, markers };
}

/** Writes the video; the still frames are one rendering repeated (a camera's noise aside, a still table is still). */
export function writeMovingVideo(file: string, v: MovingVideo, cells: MarkerCells): void {
  const { width, height } = v.scene.camera;
  const fd = openSync(file, "w");
  try {
    writeSync(fd, `YUV4MPEG2 W${width} H${height} F${v.fps}:1 Ip A1:1 C420jpeg\n`);
    for (let i = 0; i < v.moving; i++) {
      const s = between(v.scene, v.to, i / v.moving);
      writeSync(fd, y4mFrame(renderScene({ ...s, seed: s.seed + i }, cells).image));
    }
    const end = between(v.scene, v.to, 1);
    const last = y4mFrame(renderScene({ ...end, markers: [...end.markers, ...(v.shown ?? [])] }, cells).image);
    for (let i = 0; i < v.still; i++) writeSync(fd, last);
  } finally {
    closeSync(fd);
  }
}
