/**
 * A camera frame's grey image from its luma plane (devices/camera/video-frame.ts): the plane's offset and stride, a
 * visible rectangle inside it; the luma as the camera gave it.
 */
import { describe, expect, it } from "vitest";
import { greyFromLuma } from "../../../devices/camera/video-frame.ts";

describe("grey from a frame's luma plane", () => {
  it("takes the luma as it is, without a copy when the rows are packed", () => {
    const bytes = Uint8Array.from([9, 9, 0, 50, 100, 150, 200, 255]);
    const g = greyFromLuma(bytes, { offset: 2, stride: 3 }, { x: 0, y: 0, width: 3, height: 2 });
    expect([...g.data]).toEqual([0, 50, 100, 150, 200, 255]);
    expect(g.data.buffer).toBe(bytes.buffer);
  });

  it("reads the visible rectangle of padded rows", () => {
    // a 4-wide plane with a stride of 6; the visible part is 2 × 2 from (1, 1)
    const bytes = Uint8Array.from({ length: 18 }, (_, i) => i * 10);
    const g = greyFromLuma(bytes, { offset: 0, stride: 6 }, { x: 1, y: 1, width: 2, height: 2 });
    expect([g.width, g.height]).toEqual([2, 2]);
    expect([...g.data]).toEqual([70, 80, 130, 140]);
  });
});
