/**
 * `quarterdeck markers [--roster FILE | --config FILE | --scenario NAME] [--size MM] [--reference-size MM] --out
 * FILE.pdf|FILE.svg` (docs/reference/camera.md): the markers to print at true size — the reference markers 0–7 (the
 * playing area's corners and the middles of its sides, with which the lens is fitted) and one marker per ship of
 * the roster, by roster order (marker 10 the first ship) unless the roster or table file gives her one (`marker`), each
 * labelled with its ship's name. A PDF holds every page;
 * SVG is one file per page (FILE.svg, FILE-2.svg …).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname } from "node:path";
import { tagCells } from "../../../devices/camera/marker-cells.ts";
import { EDGE_IDS, shipMarkers } from "../../../devices/camera/markers.ts";
import { loadOpenCv } from "../../../devices/camera/opencv-node.ts";
import { loadScenario, loadTableFile } from "../../config/load.ts";
import { parseRoster } from "../../config/roster.ts";
import { sheetPdf } from "../../markers/pdf.ts";
import { layOut, type SheetMarker } from "../../markers/sheet.ts";
import { pageSvg } from "../../markers/svg.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

export interface MarkersOptions {
  readonly roster: string | undefined;
  readonly config: string | undefined;
  readonly scenario: string | undefined;
  readonly size: string | undefined;
  readonly referenceSize: string | undefined;
  readonly out: string | undefined;
  readonly json: boolean;
}

interface RosterEntry {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Her marker when the roster or table file gives it (a `marker` column or key), else hers by roster order. */
  readonly marker?: number;
}

/**
 * Default sides, mm: a ship's 40 mm marker with its quiet zone (50 mm of paper) fits a 50 mm base or a 2″ hex; the
 * accuracy is measured at that size (docs/camera.md, "Marker sizes").
 */
export const DEFAULT_SHIP_MM = 40;
export const DEFAULT_REFERENCE_MM = 60;

const REFERENCE_NOTES: Record<number, [string, string]> = {
  0: ["Corner 0", "centre on the corner (0, 0) of the playing area"],
  1: ["Corner 1", "centre on the corner (W, 0)"],
  2: ["Corner 2", "centre on the corner (W, H)"],
  3: ["Corner 3", "centre on the corner (0, H)"],
  4: ["Edge 4", "centre on the middle of the side y = 0"],
  5: ["Edge 5", "centre on the middle of the side x = W"],
  6: ["Edge 6", "centre on the middle of the side y = H"],
  7: ["Edge 7", "centre on the middle of the side x = 0"],
};

function ships(o: MarkersOptions): RosterEntry[] | CommandResult {
  const given = [o.roster, o.config, o.scenario].filter((v) => v !== undefined);
  if (given.length > 1) return badInput({ code: "input.invalid", message: "Give one of --roster, --config or --scenario.", path: "argv" });
  const of = (s: Record<string, unknown>, side: string, marker?: unknown): RosterEntry => ({
    id: String(s.id),
    name: String(s.name ?? s.id),
    side,
    ...(typeof marker === "number" ? { marker } : {}),
  });
  if (o.roster !== undefined) {
    let text: string;
    try {
      text = readFileSync(o.roster, "utf8");
    } catch (e) {
      return badInput({ code: "input.invalid", message: `Cannot read ${o.roster}: ${(e as Error).message}`, path: o.roster });
    }
    const r = parseRoster(text, o.roster);
    if (!r.ok) return badInput(r.error);
    return r.value.map((row) => of(row.ship, row.side, row.ship.marker));
  }
  if (o.config !== undefined || o.scenario !== undefined) {
    const r = o.config !== undefined ? loadTableFile(o.config) : loadScenario(o.scenario as string);
    if (!r.ok) return badInput(r.error);
    const markers = r.value.markers ?? {};
    return r.value.start.ships.map((s) => of(s, String(s.side ?? ""), markers[String(s.id)]));
  }
  return [];
}

function side(text: string | undefined, fallback: number, flag: string): number | CommandResult {
  if (text === undefined) return fallback;
  const v = Number(text);
  return v >= 10 && v <= 250
    ? v
    : badInput({ code: "input.invalid", message: `${flag} must be a marker's side in mm, 10 to 250.`, path: flag });
}

export async function runMarkers(o: MarkersOptions): Promise<CommandResult> {
  const out = o.out;
  const kind = out ? extname(out).toLowerCase() : "";
  if (!out || (kind !== ".pdf" && kind !== ".svg")) {
    return badInput({ code: "input.invalid", message: "--out must name the sheet to write: FILE.pdf or FILE.svg.", path: "--out" });
  }
  const shipSize = side(o.size, DEFAULT_SHIP_MM, "--size");
  if (typeof shipSize !== "number") return shipSize;
  const refSize = side(o.referenceSize, DEFAULT_REFERENCE_MM, "--reference-size");
  if (typeof refSize !== "number") return refSize;
  const roster = ships(o);
  if (!Array.isArray(roster)) return roster;
  const byMarker = shipMarkers(
    roster.map((s) => s.id),
    Object.fromEntries(roster.flatMap((s) => (s.marker === undefined ? [] : [[s.id, s.marker]]))),
  );
  const markers: SheetMarker[] = [
    ...[0, 1, 2, 3, ...EDGE_IDS].map((id) => {
      const [title, note] = REFERENCE_NOTES[id] as [string, string];
      return { id, size: refSize, title, note: `marker ${id}, ${refSize} mm: ${note}` };
    }),
    ...[...byMarker].map(([id, ship]) => {
      const s = roster.find((r) => r.id === ship) as RosterEntry;
      return { id, size: shipSize, title: s.name, note: `marker ${id}, ${shipSize} mm, ${s.side}: top edge to the bow` };
    }),
  ];
  const { cv } = await loadOpenCv();
  const title = `quarterdeck markers: AprilTag 36h11, references ${refSize} mm, ships ${shipSize} mm`;
  const pages = layOut(markers, tagCells(cv), title);
  const files: string[] = [];
  try {
    if (kind === ".pdf") {
      writeFileSync(out, sheetPdf(pages, title));
      files.push(out);
    } else {
      pages.forEach((p, i) => {
        const file = i === 0 ? out : `${out.slice(0, -4)}-${i + 1}.svg`;
        writeFileSync(file, pageSvg(p));
        files.push(file);
      });
    }
  } catch (e) {
    return { code: 1, stdout: "", stderr: `Cannot write ${out}: ${(e as Error).message}\n` };
  }
  const ships_ = [...byMarker].map(([marker, ship]) => ({ marker, ship }));
  if (o.json) return { code: 0, stdout: printJson({ ok: true, files, shipSize, referenceSize: refSize, ships: ships_ }) };
  const lines = [
    `Wrote ${files.join(", ")}: ${pages.length} page(s), references 0–7 at ${refSize} mm, ${ships_.length} ship marker(s) at ${shipSize} mm.`,
    "Print at 100 % (actual size) and measure the 100 mm bar.",
    ...ships_.map((s) => `marker ${s.marker}: ${roster.find((r) => r.id === s.ship)?.name} (${s.ship})`),
  ];
  return { code: 0, stdout: `${lines.join("\n")}\n` };
}
