/**
 * The camera worker's protocol (devices/camera/worker-protocol.ts), both sides: the worker reads what the page sends
 * (`readToWorker`), the page reads what the worker answers (host/public/camera-answers.js). Each well-formed message
 * passes as declared; each malformed one is refused in words naming what is wrong, never thrown.
 */
import { describe, expect, it } from "vitest";
import { readToWorker, strayImage } from "../../../devices/camera/worker-protocol.ts";
import { readAnswer } from "../../../host/public/camera-answers.js";

/** A stand-in for a transferred frame: what the reader asks of one (a `close`, a size). */
const bitmap = () => ({
  width: 1920,
  height: 1080,
  closed: false,
  close() {
    this.closed = true;
  },
});

describe("what the page sends its worker", () => {
  it("reads a start, an update of the markers expected and a frame as declared", () => {
    expect(
      readToWorker({ type: "start", apriltag: "/vendor/apriltag.js", area: { width: 1800, height: 1200 }, expected: [12, 10, 10, 999] }),
    ).toEqual({
      ok: true,
      message: { type: "start", apriltag: "/vendor/apriltag.js", area: { width: 1800, height: 1200 }, expected: [12, 10] },
    });
    expect(readToWorker({ type: "expected", expected: null })).toEqual({ ok: true, message: { type: "expected", expected: null } });
    const image = bitmap();
    expect(readToWorker({ type: "frame", image, at: 40 })).toEqual({ ok: true, message: { type: "frame", image, at: 40 } });
  });

  it.each([
    [null, "an object with a type"],
    [{ type: "stop" }, 'no message has the type "stop"'],
    [{ type: "start", apriltag: "https://elsewhere.example/x.js", area: { width: 1, height: 1 } }, "the library's path on the host"],
    [{ type: "start", apriltag: "/vendor/apriltag.js", area: { width: -1, height: 1200 } }, '"area"'],
    [{ type: "start", apriltag: "/vendor/apriltag.js", area: { width: 1800, height: 1200 }, shipSize: "40" }, '"shipSize"'],
    [{ type: "start", apriltag: "/vendor/apriltag.js", area: { width: 1800, height: 1200 }, expected: 12 }, '"expected"'],
    [{ type: "expected", expected: "12" }, '"expected"'],
    [{ type: "frame", image: { width: 3 }, at: 1 }, '"image"'],
    [{ type: "frame", image: bitmap(), at: Number.NaN }, '"at"'],
  ])("refuses %j in words (%s)", (data, words) => {
    const read = readToWorker(data);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.why).toContain(words);
  });

  it("gives back the frame a refused message carried, so the worker can close it", () => {
    const image = bitmap();
    expect(readToWorker({ type: "frame", image, at: "soon" }).ok).toBe(false);
    expect(strayImage({ type: "frame", image, at: "soon" })).toBe(image);
    expect(strayImage({ type: "expected" })).toBeNull();
  });
});

const frameAnswer = {
  type: "frame",
  width: 1920,
  height: 1080,
  at: 500,
  greyMs: 1,
  detectMs: 30,
  secondMs: 0,
  second: [],
  furtherMs: 0,
  further: [],
  totalMs: 42,
  detected: [
    {
      id: 12,
      corners: [
        { x: 1, y: 1 },
        { x: 9, y: 1 },
        { x: 9, y: 9 },
        { x: 1, y: 9 },
      ],
    },
  ],
  settled: [{ id: 12, x: 100, y: 200, heading: 90, uncertainty: 0.4 }],
  measurement: { ok: true, markers: [{ id: 12, x: 100, y: 200, heading: 90 }], refused: [], fit: { rms: 0.3, points: 8 } },
};

describe("what the worker answers the page", () => {
  it("reads a ready, an error and a measured frame as declared", () => {
    expect(readAnswer({ type: "ready", loadMs: 120 })).toEqual({ type: "ready", loadMs: 120 });
    expect(readAnswer({ type: "error", message: "no canvas" })).toEqual({ type: "error", message: "no canvas" });
    expect(readAnswer(frameAnswer)).toBe(frameAnswer);
    const failed = { ...frameAnswer, measurement: { ok: false, message: "need four references" } };
    expect(readAnswer(failed)).toBe(failed);
  });

  it.each([
    ["not an object", 42, "not an object"],
    ["an unknown type", { type: "done" }, 'no answer has the type "done"'],
    ["a ready without its time", { type: "ready" }, "loadMs"],
    ["a frame without its size", { ...frameAnswer, width: undefined }, "width"],
    ["a marker of three corners", { ...frameAnswer, detected: [{ id: 3, corners: [{ x: 0, y: 0 }] }] }, "four corners"],
    ["a settled ship without a heading", { ...frameAnswer, settled: [{ id: 12, x: 1, y: 2, uncertainty: 1 }] }, "sightings"],
    ["a measurement without ok", { ...frameAnswer, measurement: {} }, "no ok"],
  ])("turns %s into an error answer saying so", (_what, data, words) => {
    const read = readAnswer(data);
    expect(read.type).toBe("error");
    if (read.type === "error") expect(read.message).toContain(words);
  });
});
