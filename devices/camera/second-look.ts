/**
 * The second look: a marker the table expects (a roster's ship, a reference marker) that the detector did not read
 * is looked for again among the quadrilaterals it found but could not read (OpenCV's rejected candidates). On the
 * accuracy bench nearly every fully visible marker missed had one: at 1920×1080 the marker itself, blurred past
 * OpenCV's reading of its cells (it gives up at three wrong cells), at 3840×2160 the outline of its paper, the
 * marker's own border lost in the threshold (docs/performance.md).
 *
 * Each candidate is read here (`marker-code.ts`): the scale about it whose border reads blackest, its cells read
 * (by a threshold, else by their levels solved under an assumed blur) and the nearest code of the whole dictionary
 * taken. Only an expected marker's code within the dictionary's correcting distance goes on: its corners are fitted
 * to the pixels by its pattern (`refine.ts`), the cells read again from the fitted corners and blur — each cell's
 * level solved by least squares from the pixels (`readFitted`), which reads markers of 19–23 px (cells under 3 px)
 * that a threshold misreads by 2–7 cells — and the fit repeated once if they now read as another code; it is kept
 * only when that read is within two cells of the marker's code and eight of every other marker's, and the pattern
 * fits as well as a marker found at the first look must (`fitKept`, `fit-gate.ts`). What it gives then goes through the same
 * measuring as the first look's markers: nothing is placed on the strength of the second look alone. Pure.
 */

import { mapQuad, type Quad, quadSides, turnQuad } from "../../src/geometry/quad.ts";
import type { ImagePoint } from "../../src/geometry/vec.ts";
import type { GreyImage } from "./detector.ts";
import { fitKept } from "./fit-gate.ts";
import { applyHomography, fitHomography } from "./homography.ts";
import type { MarkerCells } from "./marker-cells.ts";
import { type Corners, type MarkerCodes, type ReadCode, readCode, readFitted } from "./marker-code.ts";
import type { DetectedMarker } from "./markers.ts";
import { refineMarker } from "./refine.ts";

/** A first read this close to a code is taken for it (AprilTag 36h11 codes are ≥ 11 cells apart: 5 is unambiguous). */
const FIRST_READ = 5;
/** After the fit: at most this many cells off the marker's code … */
const FITTED_READ = 2;
/** … and at least this many off every other marker's, in any turn. */
const OTHERS_AWAY = 8;
/**
 * The scales tried inside a candidate: a little outside it (at 1920×1080 OpenCV's outline of a blurred 20-px marker
 * lies a pixel inside its border: 1.08–1.10 on the bench), the marker itself (1), down to its paper's outline and a
 * little beyond (at 3840×2160 OpenCV often outlines the paper).
 */
const SCALES = [1.12, 1.08, 1.04, 1, 0.94, 0.88, 0.84, 0.8, 0.76, 0.72, 0.68];
/** The blur a first soft read assumes (px): the fit finds the real one. */
const FIRST_BLUR = 1.2;

/** What the second look needs besides the frame. */
export interface SecondLookInput {
  /** The quadrilaterals the detector found but could not read, in image pixels. */
  readonly candidates: readonly (readonly ImagePoint[])[];
  /** Whether an id is wanted: expected, and not found at the first look. */
  readonly wanted: (id: number) => boolean;
  readonly cells: MarkerCells;
  readonly codes: MarkerCodes;
}

/** The markers found at the second look, each at most once (one found twice is dropped: ambiguous). */
export function secondLook(image: GreyImage, o: SecondLookInput): DetectedMarker[] {
  const found: DetectedMarker[] = [];
  for (const [a, b, c, d, ...more] of o.candidates) {
    if (!a || !b || !c || !d || more.length) continue;
    const m = readCandidate(image, clockwise([a, b, c, d]), o);
    if (m) found.push(m);
  }
  const twice = new Set(found.filter((m, i) => found.findIndex((n) => n.id === m.id) !== i).map((m) => m.id));
  return found.filter((m) => !twice.has(m.id));
}

/** A candidate read, fitted and checked; null unless it is one of the wanted markers beyond doubt. */
function readCandidate(image: GreyImage, quad: Corners, o: SecondLookInput): DetectedMarker | null {
  const first = bestScale(image, quad);
  if (!first) return null;
  // the threshold's read, else the soft one (cells under 3 px: the threshold misreads several)
  let guess = o.codes.nearest(first.read.bits);
  if (guess.distance > FIRST_READ || !o.wanted(guess.id)) {
    const soft = readFitted(image, first.corners, FIRST_BLUR);
    if (!soft) return null;
    guess = o.codes.nearest(soft.bits);
    if (guess.distance > FIRST_READ || !o.wanted(guess.id)) return null;
  }
  let corners = upright(image, first.corners, guess.id, o.codes);
  for (let attempt = 0; attempt < 2; attempt++) {
    const fitted = refineMarker(image, { id: guess.id, corners }, o.cells(guess.id));
    if (!fitted || !fitKept(image, fitted)) return null; // the same gate as the first look's (`fit-gate.ts`)
    const again = readFitted(image, fitted.corners, fitted.blur);
    if (!again) return null;
    const n = o.codes.nearest(again.bits);
    if (n.id === guess.id && n.turn === 0) {
      return n.distance <= FITTED_READ && n.runnerUp >= OTHERS_AWAY ? { id: n.id, corners: fitted.corners } : null;
    }
    // read as another code once fitted: one more fit as that one, if it is wanted too
    if (n.distance > FIRST_READ || !o.wanted(n.id)) return null;
    guess = n;
    corners = upright(image, fitted.corners, n.id, o.codes);
  }
  return null;
}

/** The scale about the candidate whose border reads blackest and its quiet zone whitest, and the read there. */
function bestScale(image: GreyImage, quad: Corners): { corners: Corners; read: ReadCode } | null {
  const h = fitHomography(
    [
      { x: -1, y: -1 },
      { x: 1, y: -1 },
      { x: 1, y: 1 },
      { x: -1, y: 1 },
    ],
    quad,
  );
  if (!h) return null;
  let best: { corners: Corners; read: ReadCode; score: number } | null = null;
  for (const s of SCALES) {
    const corners = mapQuad(
      [
        { x: -s, y: -s },
        { x: s, y: -s },
        { x: s, y: s },
        { x: -s, y: s },
      ],
      (p) => applyHomography(h, p),
    );
    const read = readCode(image, corners);
    if (!read) continue;
    // fewest border cells misread, then the most contrast
    const score = read.borderErrors * 1000 - (read.white - read.black);
    if (!best || score < best.score) best = { corners, read, score };
  }
  return best;
}

/** The corners turned so the marker reads upright as `id` (its top-left first). */
function upright(image: GreyImage, corners: Corners, id: number, codes: MarkerCodes): Corners {
  let best = { d: Number.POSITIVE_INFINITY, c: corners };
  for (let shift = 0; shift < 4; shift++) {
    const c = turnQuad(corners, shift);
    const r = readCode(image, c);
    const d = r ? codes.distance(r.bits, id) : Number.POSITIVE_INFINITY;
    if (d < best.d) best = { d, c };
  }
  return best.c;
}

/** The quadrilateral in the image's clockwise order (y down), as the detector gives its markers. */
function clockwise(q: Quad<ImagePoint>): Corners {
  const area = quadSides(q).reduce((s, [p, r]) => s + (p.x * r.y - r.x * p.y), 0);
  const [a, b, c, d] = q;
  return area > 0 ? [a, b, c, d] : [a, d, c, b];
}
