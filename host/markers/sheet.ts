/**
 * A sheet of markers laid out at true size (docs/reference/camera.md): every marker with its white quiet zone (one cell
 * round it, part of the sticker) inside a thin cut line, its label below, pages of A4 filled row by row. Pure: the
 * pages come out as rectangles and text in millimetres from the page's top-left corner, which the SVG and PDF
 * writers put on paper unchanged (1 unit = 1 mm), so a sheet printed at 100 % has markers of the stated size.
 */
import { MARKER_CELLS, type MarkerCells } from "../../devices/camera/marker-cells.ts";

/** One marker to print. */
export interface SheetMarker {
  readonly id: number;
  /** The marker's side (its black border's outer edge), mm. */
  readonly size: number;
  /** The first line under it: a ship's name, or what the reference marks. */
  readonly title: string;
  /** The second line: the id and where it goes. */
  readonly note: string;
}

/** A filled black rectangle, mm. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Something drawn on a page. */
export type Mark =
  | { readonly kind: "marker"; readonly id: number; readonly size: number; readonly x: number; readonly y: number; readonly cells: Box[] }
  | { readonly kind: "cut"; readonly x: number; readonly y: number; readonly side: number }
  | { readonly kind: "text"; readonly x: number; readonly y: number; readonly size: number; readonly text: string }
  | { readonly kind: "bar"; readonly x: number; readonly y: number; readonly length: number };

export interface Page {
  readonly width: number;
  readonly height: number;
  readonly marks: readonly Mark[];
}

/** A4 portrait, mm. */
export const A4 = { width: 210, height: 297 } as const;
const MARGIN = 8;
const GAP = 3;
const LABEL = 9;
const HEADER = 18;
/** The check bar's length, mm: measured with a ruler, it says the sheet was printed at 100 %. */
export const CHECK_BAR_MM = 100;

/** A marker's black cells as rectangles (runs of a row merged), its top-left at (x, y). */
export function markerBoxes(cells: readonly boolean[], size: number, x: number, y: number): Box[] {
  const cell = size / MARKER_CELLS;
  const out: Box[] = [];
  for (let r = 0; r < MARKER_CELLS; r++) {
    let c = 0;
    while (c < MARKER_CELLS) {
      if (!cells[r * MARKER_CELLS + c]) {
        c++;
        continue;
      }
      const from = c;
      while (c < MARKER_CELLS && cells[r * MARKER_CELLS + c]) c++;
      out.push({ x: x + from * cell, y: y + r * cell, w: (c - from) * cell, h: cell });
    }
  }
  return out;
}

/** Lays the markers out on as many pages as they need. */
export function layOut(markers: readonly SheetMarker[], cells: MarkerCells, title: string): Page[] {
  const pages: Page[] = [];
  let marks: Mark[] = [];
  let x = MARGIN;
  let y = MARGIN + HEADER;
  let rowHeight = 0;
  const newPage = () => {
    marks = [
      { kind: "text", x: MARGIN, y: MARGIN + 4, size: 4.2, text: `${title} (page ${pages.length + 1})` },
      {
        kind: "text",
        x: MARGIN,
        y: MARGIN + 9,
        size: 3,
        text: `Print at 100 % (actual size). The bar is ${CHECK_BAR_MM} mm: measure it. Cut on the grey lines; keep the white border.`,
      },
      { kind: "bar", x: MARGIN, y: MARGIN + 12, length: CHECK_BAR_MM },
    ];
    pages.push({ width: A4.width, height: A4.height, marks });
    x = MARGIN;
    y = MARGIN + HEADER;
    rowHeight = 0;
  };
  newPage();
  for (const m of markers) {
    const paper = (m.size * (MARKER_CELLS + 2)) / MARKER_CELLS;
    const tile = { w: Math.max(paper, 40), h: paper + LABEL };
    if (x + tile.w > A4.width - MARGIN) {
      x = MARGIN;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    if (y + tile.h > A4.height - MARGIN) newPage();
    const quiet = m.size / MARKER_CELLS;
    const left = x + (tile.w - paper) / 2;
    marks.push({ kind: "cut", x: left, y, side: paper });
    marks.push({
      kind: "marker",
      id: m.id,
      size: m.size,
      x: left + quiet,
      y: y + quiet,
      cells: markerBoxes(cells(m.id), m.size, left + quiet, y + quiet),
    });
    marks.push({ kind: "text", x, y: y + paper + 4, size: 3.4, text: m.title });
    marks.push({ kind: "text", x, y: y + paper + 8, size: 2.6, text: m.note });
    x += tile.w + GAP;
    rowHeight = Math.max(rowHeight, tile.h);
  }
  return pages;
}
