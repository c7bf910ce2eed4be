/**
 * The camera's plain maths against exact projections: the homography fit, the lens fit (against Brown's model, which
 * it does not share), a marker's pose and its refusal when not square, and settling.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHomography, fitHomography, type Homography, invertHomography } from "../../../devices/camera/homography.ts";
import { fitPlane, noLens } from "../../../devices/camera/lens.ts";
import type { DetectedMarker } from "../../../devices/camera/markers.ts";
import { MIN_REFERENCES, measureMarkers } from "../../../devices/camera/measure.ts";
import { isPose, poseOf } from "../../../devices/camera/pose.ts";
import { emptySettle, type Sighting, settle } from "../../../devices/camera/settle.ts";
import { Projection } from "../../../devices/testing/camera/render.ts";
import { randomScene, type SceneMarker } from "../../../devices/testing/camera/scene.ts";
import type { Quad } from "../../../src/geometry/quad.ts";
import { bearingOf, type Point } from "../../../src/geometry/vec.ts";

/** The exact image corners of a scene's markers (no detector). */
function exactCorners(markers: readonly SceneMarker[], proj: Projection): DetectedMarker[] {
  return markers.map((m) => {
    const a = (m.heading * Math.PI) / 180;
    const [ux, uy, h] = [Math.sin(a), Math.cos(a), m.size / 2];
    const at = (r: number, u: number) => proj.toPixel(m.x + r * uy + u * ux, m.y - r * ux + u * uy);
    return { id: m.id, corners: [at(-h, h), at(h, h), at(h, -h), at(-h, -h)] };
  });
}

describe("homography", () => {
  it("recovers a projective map from four points and from many", () => {
    const h: Homography = [1.2, 0.1, 30, -0.05, 0.9, 12, 1e-4, -2e-4, 1];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 800, noNaN: true })), {
          minLength: 6,
          maxLength: 20,
        }),
        (pts) => {
          const from = [{ x: 0, y: 0 }, { x: 1000, y: 0 }, { x: 1000, y: 800 }, { x: 0, y: 800 }, ...pts.map(([x, y]) => ({ x, y }))];
          const to = from.map((p) => applyHomography(h, p));
          const fit = fitHomography(from, to);
          expect(fit).not.toBeNull();
          for (const p of from) {
            if (!fit) return;
            const q = applyHomography(fit, p);
            const t = applyHomography(h, p);
            expect(Math.hypot(q.x - t.x, q.y - t.y)).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: 50 },
    );
    const back = invertHomography(h);
    const p = applyHomography(back, applyHomography(h, { x: 3, y: 4 }));
    expect(p.x).toBeCloseTo(3, 9);
    expect(p.y).toBeCloseTo(4, 9);
  });

  it("refuses degenerate points", () => {
    const line: Point[] = [0, 1, 2, 3].map((i) => ({ x: i, y: i }));
    expect(fitHomography(line, line)).toBeNull();
  });
});

describe("lens and pose on exact projections", () => {
  it("places every ship within 0.5 mm and 0.05° through a lens it does not model exactly (Brown k1, k2)", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const s = randomScene(seed, { width: 1920, height: 1080, occlusion: false });
      const reach = s.markers.filter((m) => m.id < 10).map((m) => ({ x: m.x, y: m.y }));
      const proj = new Projection(s.camera, reach);
      const m = measureMarkers(exactCorners(s.markers, proj), { area: s.area, width: 1920, height: 1080 });
      expect(m.ok, `seed ${seed}`).toBe(true);
      if (!m.ok) continue;
      expect(m.markers.length).toBe(24);
      for (const p of m.markers) {
        const t = s.markers.find((k) => k.id === p.id) as SceneMarker;
        expect(Math.hypot(p.x - t.x, p.y - t.y), `seed ${seed} ship ${p.id}`).toBeLessThan(0.5);
        const dh = Math.abs(((p.heading - t.heading + 540) % 360) - 180);
        expect(dh, `seed ${seed} ship ${p.id}`).toBeLessThan(0.05);
      }
    }
  });

  it("without the edge markers, a plain homography: off inside by the lens's bow", () => {
    const s = randomScene(7, { width: 1920, height: 1080, occlusion: false, edges: false });
    const proj = new Projection(
      s.camera,
      s.markers.filter((m) => m.id < 4),
    );
    const m = measureMarkers(exactCorners(s.markers, proj), { area: s.area, width: 1920, height: 1080 });
    expect(m.ok && m.fit.points).toBe(4);
    expect(m.ok && m.fit.k).toBe(0);
  });

  it("refuses a marker whose mapped shape is not its printed square", () => {
    const dot = (x: number, y: number): Quad => [
      { x: x - 1, y: y - 1 },
      { x: x + 1, y: y - 1 },
      { x: x + 1, y: y + 1 },
      { x: x - 1, y: y + 1 },
    ];
    const fit = fitPlane(
      [dot(0, 0), dot(1000, 0), dot(1000, 1000), dot(0, 1000)],
      [
        { x: 0, y: 1000 },
        { x: 1000, y: 1000 },
        { x: 1000, y: 0 },
        { x: 0, y: 0 },
      ],
      1000,
      1000,
    );
    if (!fit) throw new Error("no fit");
    expect(fit.lens).toEqual(noLens(1000, 1000));
    const square: DetectedMarker = {
      id: 10,
      corners: [
        { x: 100, y: 100 },
        { x: 150, y: 100 },
        { x: 150, y: 150 },
        { x: 100, y: 150 },
      ],
    };
    const pose = poseOf(square, fit, 50);
    if (!isPose(pose)) throw new Error(pose.reason);
    expect(pose.x).toBeCloseTo(125, 6);
    expect(pose.y).toBeCloseTo(875, 6);
    expect(pose.heading).toBeCloseTo(0, 6);
    const guessed: DetectedMarker = {
      id: 10,
      corners: [
        { x: 100, y: 100 },
        { x: 150, y: 100 },
        { x: 160, y: 165 },
        { x: 100, y: 150 },
      ],
    };
    expect(isPose(poseOf(guessed, fit, 50))).toBe(false);
  });

  it("measures headings clockwise from +y", () => {
    expect(bearingOf({ x: 0, y: 1 })).toBe(0);
    expect(bearingOf({ x: 1, y: 0 })).toBe(90);
    expect(bearingOf({ x: 0, y: -1 })).toBe(180);
    expect(bearingOf({ x: -1, y: 0 })).toBe(270);
  });

  it("fails a frame without four reference markers, saying what it found", () => {
    const r = measureMarkers(
      [
        {
          id: 12,
          corners: [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
            { x: 1, y: 1 },
            { x: 0, y: 1 },
          ],
        },
      ],
      {
        area: { width: 1800, height: 1200 },
        width: 100,
        height: 100,
      },
    );
    expect(r).toMatchObject({ ok: false, code: "camera.corners", found: [12], missing: [0, 1, 2, 3] });
  });

  it(`refuses a frame whose plane rests on fewer than ${MIN_REFERENCES} of the eight reference markers, saying which it saw`, () => {
    const s = randomScene(7, { width: 1920, height: 1080, occlusion: false });
    const proj = new Projection(
      s.camera,
      s.markers.filter((m) => m.id < 8),
    );
    const all = exactCorners(s.markers, proj);
    const without = (ids: number[]) => all.filter((m) => !ids.includes(m.id));
    const o = { area: s.area, width: 1920, height: 1080 };
    // a hand over three references: five left, the lens's second term unfitted
    const five = measureMarkers(without([1, 5, 6]), o);
    expect(five).toMatchObject({ ok: false, code: "camera.corners" });
    expect(!five.ok && five.message).toContain("only 5 reference markers seen (0, 2, 3, 4, 7)");
    expect(measureMarkers(without([1, 5]), o)).toMatchObject({ ok: true, fit: { points: MIN_REFERENCES } });
  });
});

describe("a lens whose centre is off the image's, and frames whose references fall short", () => {
  const reach = (s: { markers: readonly SceneMarker[] }) =>
    s.markers
      .filter((m) => m.id < 10)
      .flatMap((m) => [
        { x: m.x - m.size, y: m.y + m.size },
        { x: m.x + m.size, y: m.y - m.size },
      ]);
  const worstError = (m: ReturnType<typeof measureMarkers>, markers: readonly SceneMarker[]) => {
    if (!m.ok) throw new Error(m.message);
    return Math.max(
      ...m.markers.map((p) => {
        const t = markers.find((k) => k.id === p.id) as SceneMarker;
        return Math.hypot(p.x - t.x, p.y - t.y);
      }),
    );
  };

  it("fits the lens's centre: 3 % off the image's, every ship within 0.1 mm (taken as the image's, 3–10 mm off)", () => {
    for (const [size, centre] of [
      [[1920, 1080], { x: 0.03, y: 0.02 }],
      [[3840, 2160], { x: -0.03, y: 0.03 }],
    ] as const) {
      for (let seed = 1; seed <= 12; seed++) {
        const s = randomScene(seed, { width: size[0], height: size[1], occlusion: false, lensCentre: centre });
        const proj = new Projection(s.camera, reach(s));
        const m = measureMarkers(exactCorners(s.markers, proj), { area: s.area, width: size[0], height: size[1] });
        expect(m.ok && m.markers.length, `seed ${seed}`).toBe(24);
        expect(worstError(m, s.markers), `seed ${seed} at ${size.join("×")}`).toBeLessThan(0.1);
      }
    }
  });

  it("a frame missing references uses the last good frame's plane while the camera stands, and says so", () => {
    const s = randomScene(7, { width: 1920, height: 1080, occlusion: false, lensCentre: { x: 0.02, y: -0.01 } });
    const all = exactCorners(s.markers, new Projection(s.camera, reach(s)));
    const o = { area: s.area, width: 1920, height: 1080 };
    const good = measureMarkers(all, o);
    if (!good.ok) throw new Error(good.message);
    expect(good.note).toBeUndefined();
    // corner 0 and two edge markers under a hand: five references, too few for the lens on their own
    const short = all.filter((m) => ![0, 4, 7].includes(m.id));
    expect(measureMarkers(short, o)).toMatchObject({ ok: false, code: "camera.corners" });
    const kept = measureMarkers(short, { ...o, previous: good });
    if (!kept.ok) throw new Error(kept.message);
    expect(kept.note).toBe("reference markers 0, 4, 7 not seen: the plane of the last good frame is used");
    expect(kept.markers).toEqual(good.markers);
    expect(kept.missing).toEqual([0]);
    // the next frame with every reference back compares with the good frame's: its plane again, no note
    const back = measureMarkers(all, { ...o, previous: kept });
    expect(back.ok && back.plane).toBe(good.plane);
    expect(back.ok && back.note).toBeUndefined();
    // the camera knocked (every marker 5 px along): the last plane no longer serves
    const moved = short.map((m) => ({ id: m.id, corners: m.corners.map((c) => ({ x: c.x + 5, y: c.y })) as unknown as Quad }));
    expect(measureMarkers(moved, { ...o, previous: good })).toMatchObject({ ok: false, code: "camera.corners" });
  });

  it("a still photo of a table with corner markers only, one hidden: three give a plane from their corners, less sure", () => {
    for (const hidden of [0, 1, 2, 3]) {
      const drawn = randomScene(11 + hidden, { width: 1920, height: 1080, occlusion: false, edges: false });
      const s = { ...drawn, camera: { ...drawn.camera, k1: 0, k2: 0 } }; // no lens: with four corners it is not corrected either
      const m = measureMarkers(
        exactCorners(s.markers, new Projection(s.camera, reach(s))).filter((k) => k.id !== hidden),
        { area: s.area, width: 1920, height: 1080 },
      );
      if (!m.ok) throw new Error(m.message);
      expect(m.markers.length).toBe(24);
      expect(m.missing).toEqual([hidden]);
      expect(m.note).toContain("the plane from their corners, less sure");
      expect(worstError(m, s.markers), `corner ${hidden} hidden`).toBeLessThan(0.05);
    }
  });
});

describe("settling", () => {
  const at = (x: number, h = 90): Sighting => ({ id: 10, x, y: 100, heading: h, uncertainty: 0.5 });
  it("reports a ship once it has stood still, not while it moves, and again only when moved", () => {
    let st = emptySettle;
    const out: Sighting[][] = [];
    const frame = (s: Sighting[], t: number) => {
      const r = settle(st, s, t);
      st = r.state;
      out.push(r.settled);
    };
    for (let t = 0; t <= 1000; t += 100) frame([at(100 + t / 10)], t); // moving 1 mm per frame
    expect(out.flat()).toEqual([]);
    for (let t = 1100; t <= 2000; t += 100) frame([at(200 + (t % 200 ? 0.3 : -0.3))], t);
    const first = out.flat();
    expect(first).toHaveLength(1);
    expect(first[0]?.x).toBeCloseTo(200, 0);
    frame([], 2100); // a hand over it
    for (let t = 2200; t <= 3000; t += 100) frame([at(200.2)], t);
    expect(out.flat()).toHaveLength(1); // the same place: not reported again
    for (let t = 3100; t <= 4000; t += 100) frame([at(250, 120)], t);
    expect(out.flat()).toHaveLength(2);
    expect(out.flat()[1]?.heading).toBeCloseTo(120, 5);
  });

  it("with frames slower than the still time (4K), a ship is still only when two sightings agree", () => {
    let st = emptySettle;
    const out: Sighting[] = [];
    const frame = (s: Sighting[], t: number) => {
      const r = settle(st, s, t);
      st = r.state;
      out.push(...r.settled);
    };
    // moving 40 mm a frame, a frame every 1.2 s: each sighting alone spans the 0.6 s window, none is still
    for (let i = 0; i < 5; i++) frame([at(100 + 40 * i)], i * 1200);
    expect(out).toEqual([]);
    frame([at(260.3)], 6000); // stopped: this sighting and the one before agree
    expect(out).toHaveLength(1);
    expect(out[0]?.x).toBeCloseTo(260.15, 5);
  });
});
