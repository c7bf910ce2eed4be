/**
 * A sheet of markers as SVG, one file per page: `width="210mm" height="297mm"` with a viewBox in millimetres, so one
 * user unit is one millimetre on paper. Each marker is a group carrying its id and side (`data-marker`, `data-size-mm`)
 * for people and tests checking it.
 */
import type { Page } from "./sheet.ts";

const n = (v: number) => String(Math.round(v * 1000) / 1000);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One page as an SVG document. */
export function pageSvg(page: Page): string {
  const body: string[] = [];
  for (const m of page.marks) {
    if (m.kind === "marker") {
      const rects = m.cells.map((b) => `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}"/>`).join("");
      body.push(`<g data-marker="${m.id}" data-size-mm="${n(m.size)}" fill="#000" shape-rendering="crispEdges">${rects}</g>`);
    } else if (m.kind === "cut") {
      body.push(
        `<rect x="${n(m.x)}" y="${n(m.y)}" width="${n(m.side)}" height="${n(m.side)}" fill="none" stroke="#999" stroke-width="0.15"/>`,
      );
    } else if (m.kind === "text") {
      body.push(
        `<text x="${n(m.x)}" y="${n(m.y)}" font-family="Helvetica, Arial, sans-serif" font-size="${n(m.size)}">${esc(m.text)}</text>`,
      );
    } else {
      body.push(
        `<g data-check-bar-mm="${n(m.length)}"><rect x="${n(m.x)}" y="${n(m.y)}" width="${n(m.length)}" height="1.5" fill="#000"/>` +
          `<rect x="${n(m.x)}" y="${n(m.y - 1.5)}" width="0.3" height="4.5" fill="#000"/><rect x="${n(m.x + m.length - 0.3)}" y="${n(m.y - 1.5)}" width="0.3" height="4.5" fill="#000"/></g>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${n(page.width)}mm" height="${n(page.height)}mm" viewBox="0 0 ${n(page.width)} ${n(page.height)}">
<rect width="${n(page.width)}" height="${n(page.height)}" fill="#fff"/>
${body.join("\n")}
</svg>
`;
}
