/**
 * The camera on real photographs (issue 40), against the field's best: per public photo set (test/fixtures/camera-real),
 * the markers found, false ids and corner error for ours (`detectPhoto`, what `quarterdeck camera detect` prints: the
 * AprilTag library's looks as WebAssembly, then OpenCV's first, second and further looks) and for the AprilTag 3 C
 * library as Debian packages it (`python3-apriltag`, `bench/apriltag-c.py`), side by side in one run; and "camera's
 * detector", what /camera's worker and `camera measure` find with (`aprilTagDetector` through `MarkerFinder`, as
 * `camera measure` runs it: the library's looks with their threshold following the photo's noise, no OpenCV). "Found" counts at the detection stage; "kept" those whose pattern fit the measuring keeps
 * (their corner error is of the fitted corners, what the measuring places; a refused one's of the detector's).
 * Markers under 20 px (mean side, from the truth's corners) are counted apart. `npm run bench camera-real`.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { aprilTagDetector } from "../devices/camera/apriltag-detector.ts";
import { loadAprilTag } from "../devices/camera/apriltag-node.ts";
import { detectPhoto } from "../devices/camera/detect-photo.ts";
import type { GreyImage } from "../devices/camera/detector.ts";
import { MarkerFinder } from "../devices/camera/find-markers.ts";
import { fitKept } from "../devices/camera/fit-gate.ts";
import { applyHomography, fitHomography } from "../devices/camera/homography.ts";
import { decodeGreyImage } from "../devices/camera/image-file.ts";
import { openCvDetector } from "../devices/camera/opencv-detector.ts";
import { loadOpenCv } from "../devices/camera/opencv-node.ts";
import { refineMarker } from "../devices/camera/refine.ts";
import type { Point } from "../src/geometry/vec.ts";

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(here, "../test/fixtures/camera-real");

/** A marker: its id and corners (official order, pixel centres at integers). */
interface Tag {
  readonly id: number;
  readonly corners: readonly Point[];
}
/** One photo: its truth (corners when known), and what each detector gave. */
interface Photo {
  readonly name: string;
  readonly image: GreyImage;
  /** The ids in view; for the sheet, decided from the finds (`sheetInView`). */
  ids: ReadonlySet<number>;
  readonly truth: readonly Tag[] | null;
  readonly sheet?: boolean;
}
interface Found extends Tag {
  readonly kept?: boolean;
}

/** The AprilTag test data's `id, (x y), …` lines: its lb, rb, rt, lt corners at half-integer centres. */
function nasaTruth(text: string): Tag[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const n = line.match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
      const p = [0, 1, 2, 3].map((k) => ({ x: (n[1 + 2 * k] as number) - 0.5, y: (n[2 + 2 * k] as number) - 0.5 }));
      return { id: n[0] as number, corners: [p[3], p[2], p[1], p[0]] as Point[] };
    });
}

const SHEET_IDS = [14, 38, 62, 86, 110, 134, 158, 182].flatMap((first) => Array.from({ length: 10 }, (_, i) => first + i));

/**
 * The sheet's markers wholly in the photo: the grid (ten a row, a marker every 1.2 of its sides) mapped into the
 * image by the homography fitted to the centres of the sheet's markers either detector found (an oblique photo shows
 * part of the sheet), each marker whose four corners land 2 px or more inside the frame.
 */
function sheetInView(image: GreyImage, finds: readonly Tag[]): Set<number> {
  const grid = (id: number, du = 0, dv = 0): Point => {
    const i = SHEET_IDS.indexOf(id);
    return { x: 1.2 * (i % 10) + du, y: 1.2 * Math.floor(i / 10) + dv };
  };
  const on = finds.filter((f) => SHEET_IDS.includes(f.id));
  const h = fitHomography(
    on.map((f) => grid(f.id)),
    on.map(centre),
  );
  if (!h) return new Set(on.map((f) => f.id));
  const inside = (p: Point) => p.x >= 2 && p.y >= 2 && p.x <= image.width - 3 && p.y <= image.height - 3;
  const corners = [
    [-0.5, -0.5],
    [0.5, -0.5],
    [0.5, 0.5],
    [-0.5, 0.5],
  ] as const;
  return new Set(SHEET_IDS.filter((id) => corners.every(([du, dv]) => inside(applyHomography(h, grid(id, du, dv))))));
}

async function photos(): Promise<{ set: string; photos: Photo[] }[]> {
  const load = async (file: string): Promise<GreyImage> => {
    const g = await decodeGreyImage(readFileSync(file));
    if (!g.ok) throw new Error(`${file}: ${g.reason}`);
    return g.image;
  };
  const nasaDir = join(FIXTURES, "apriltag-nasa");
  const sheetDir = join(FIXTURES, "printed-sheet");
  return Promise.all([
    {
      set: "apriltag-nasa (3 photos 799×533, 47 tags)",
      photos: await Promise.all(
        readdirSync(nasaDir)
          .filter((f) => f.endsWith(".jpg"))
          .sort()
          .map(async (f) => {
            const truth = nasaTruth(readFileSync(join(nasaDir, f.replace(/\.jpg$/, ".txt")), "utf8"));
            return { name: f, image: await load(join(nasaDir, f)), ids: new Set(truth.map((t) => t.id)), truth };
          }),
      ),
    },
    ...(
      [
        ["printed-sheet head-on (2592×3872, 80 tags)", "test_36h11_greyscale.jpg"],
        ["printed-sheet oblique (2592×3872, 72 tags wholly in view)", "test_36h11_oblique_greyscale.jpg"],
      ] as const
    ).map(async ([set, f]) => ({
      set,
      photos: [{ name: f, image: await load(join(sheetDir, f)), ids: new Set(SHEET_IDS), truth: null, sheet: true }],
    })),
  ]);
}

/** The AprilTag C library over a persistent python3 process (one frame a line). */
function aprilTag(): { detect(image: GreyImage): Promise<Tag[]>; close(): void } {
  const child = spawn("/usr/bin/python3", [join(here, "apriltag-c.py")], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async detect(image) {
      child.stdin.write(`${image.width} ${image.height}\n`);
      child.stdin.write(image.data);
      const { value, done } = await lines.next();
      if (done)
        throw new Error(
          "the AprilTag C library did not answer: is Debian's python3-apriltag installed (apt-get install python3-apriltag)?",
        );
      return (JSON.parse(value as string) as { id: number; corners: [number, number][] }[]).map((d) => ({
        id: d.id,
        corners: d.corners.map(([x, y]) => ({ x, y })),
      }));
    },
    close: () => child.stdin.end(),
  };
}

const centre = (t: Tag): Point => ({ x: t.corners.reduce((s, p) => s + p.x, 0) / 4, y: t.corners.reduce((s, p) => s + p.y, 0) / 4 });
const side = (t: Tag): number => {
  let s = 0;
  for (let k = 0; k < 4; k++)
    s += Math.hypot(
      (t.corners[(k + 1) % 4] as Point).x - (t.corners[k] as Point).x,
      (t.corners[(k + 1) % 4] as Point).y - (t.corners[k] as Point).y,
    );
  return s / 4;
};
/** RMS of the four corners' distances, px. */
const cornerError = (a: Tag, b: Tag): number =>
  Math.sqrt(a.corners.reduce((s, p, k) => s + (p.x - (b.corners[k] as Point).x) ** 2 + (p.y - (b.corners[k] as Point).y) ** 2, 0) / 4);
/** The tag of `among` whose centre is within a third of `t`'s side of `t`'s. */
const near = (t: Tag, among: readonly Tag[]): Tag | undefined => {
  const c = centre(t);
  return among.find((o) => Math.hypot(centre(o).x - c.x, centre(o).y - c.y) < side(t) / 3);
};

interface Score {
  truth: number;
  found: number;
  kept: number;
  small: number;
  smallFound: number;
  falseIds: number;
  unlisted: number;
  errors: number[];
  /** The errors of the kept ones alone (what the measuring places). */
  keptErrors: number[];
}

/**
 * Scores one detector's finds in a photo. With truth corners: found = a truth tag with a find of its id at its
 * place; a find of another id there, or of an id not in the photo, is a false id; a find of a listed id elsewhere is
 * "unlisted" (a tag the truth leaves out). Without (the sheet): found = the ids in view found (each once), false = an
 * id not on the sheet.
 */
function score(p: Photo, finds: readonly Found[], reference: readonly Found[] | null, s: Score): void {
  if (p.truth) {
    s.truth += p.truth.length;
    for (const t of p.truth) {
      const f = near(t, finds) as Found | undefined;
      const small = side(t) < 20;
      if (small) s.small++;
      if (f && f.id === t.id) {
        s.found++;
        if (f.kept !== false) s.kept++;
        if (small) s.smallFound++;
        s.errors.push(cornerError(f, t));
        if (f.kept !== false) s.keptErrors.push(cornerError(f, t));
      }
    }
    for (const f of finds) {
      const t = near(f, p.truth);
      if (!p.ids.has(f.id) || (t && t.id !== f.id)) s.falseIds++;
      else if (!t) s.unlisted++;
    }
    return;
  }
  s.truth += p.ids.size;
  const seen = new Set<number>();
  for (const f of finds) {
    // a marker of the sheet partly out of the frame is neither counted nor false
    if (!SHEET_IDS.includes(f.id)) s.falseIds++;
    else if (p.ids.has(f.id) && !seen.has(f.id)) {
      seen.add(f.id);
      s.found++;
      if (f.kept !== false) s.kept++;
      const r = reference?.find((o) => o.id === f.id);
      if (r && r !== f) s.errors.push(cornerError(f, r));
      if (r && r !== f && f.kept !== false) s.keptErrors.push(cornerError(f, r));
    }
  }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)} %` : "–");
const median = (v: number[]) => (v.length ? ([...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0) : Number.NaN);
const row = (who: string, s: Score, corners: string) =>
  `| ${who} | ${s.found}/${s.truth} (${pct(s.found, s.truth)}) | ${s.kept === s.found ? "all" : `${s.kept} (${pct(s.kept, s.truth)})`} | ${s.small ? `${s.smallFound}/${s.small} (${pct(s.smallFound, s.small)})` : "–"} | ${s.falseIds} | ${s.unlisted} | ${corners} |`;

export async function run(): Promise<string> {
  const { cv } = await loadOpenCv();
  const ours = await openCvDetector(cv);
  const ourAprilTag = await loadAprilTag();
  const april = aprilTag();
  const camera = aprilTagDetector(ourAprilTag);
  /**
   * The camera's detector, each find's pattern fitted and judged as the measuring does: a kept one with its fitted
   * corners (what the measuring places), a refused one with the detector's. `fitMs` adds up the fits' time.
   */
  let fitMs = 0;
  let fits = 0;
  const cameraFinds = async (image: GreyImage): Promise<Found[]> => {
    const { markers } = await new MarkerFinder(camera).find(image);
    return markers.map((m) => {
      const t0 = performance.now();
      const r = camera.cells ? refineMarker(image, m, camera.cells(m.id)) : null;
      fitMs += performance.now() - t0;
      fits++;
      const kept = r !== null && fitKept(image, r);
      return { ...m, corners: kept && r ? r.corners : m.corners, kept };
    });
  };
  const out: string[] = [
    "Found: markers of the truth found at the detection stage (ours: kept = whose pattern fit the measuring keeps).",
    "Corner error: RMS px, median / worst — against the truth's corners (apriltag-nasa) or, where the truth has none, ours against AprilTag's; (kept …) the kept ones' alone.\n",
    "| set · detector | found | kept | under 20 px | false ids | unlisted | corner error px | ms a photo |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const { set, photos: list } of await photos()) {
    const zero = (): Score => ({
      truth: 0,
      found: 0,
      kept: 0,
      small: 0,
      smallFound: 0,
      falseIds: 0,
      unlisted: 0,
      errors: [],
      keptErrors: [],
    });
    const so = zero();
    const sa = zero();
    const sc = zero();
    let msCamera = 0;
    let msOurs = 0;
    let msApril = 0;
    for (const p of list) {
      let t0 = performance.now();
      const a = await april.detect(p.image);
      msApril += performance.now() - t0;
      t0 = performance.now();
      const o = (await detectPhoto(ours, p.image, ourAprilTag)).map((m) => ({ ...m, kept: m.fit === "kept" }));
      msOurs += performance.now() - t0;
      t0 = performance.now();
      const c = await cameraFinds(p.image);
      msCamera += performance.now() - t0;
      if (p.sheet) p.ids = sheetInView(p.image, [...o, ...a]);
      score(p, o, a, so);
      score(p, a, null, sa);
      score(p, c, a, sc);
    }
    const spread = (e: number[]) => (e.length ? `${median(e).toFixed(2)} / ${Math.max(...e).toFixed(2)}` : "–");
    const err = (s: Score) =>
      s.keptErrors.length < s.errors.length ? `${spread(s.errors)} (kept ${spread(s.keptErrors)})` : spread(s.errors);
    const n = list.length;
    out.push(`${row(`${set} · ours`, so, err(so))} ${(msOurs / n).toFixed(0)} |`);
    out.push(`${row(`${set} · camera's detector`, sc, err(sc))} ${(msCamera / n).toFixed(0)} |`);
    out.push(`${row(`${set} · AprilTag 3`, sa, list[0]?.truth ? err(sa) : "(reference)")} ${(msApril / n).toFixed(0)} |`);
  }
  april.close();
  ours.close();
  out.push(`\nThe camera's detector's pattern fits: ${fits}, ${(fitMs / Math.max(1, fits)).toFixed(1)} ms a marker (mean).`);
  return out.join("\n");
}
