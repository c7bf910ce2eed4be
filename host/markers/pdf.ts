/**
 * A sheet of markers as PDF, every page in one file. Written by hand (a page of rectangles and Helvetica text is
 * a few hundred bytes of PDF; a PDF library would be a dependency for that): each page's content stream first sets
 * its user space to millimetres from the top-left corner (`cm` with 72/25.4 points per mm and y flipped), so the
 * rectangles are the sheet's millimetres unchanged. The streams are not compressed, so they can be read and checked.
 */
import type { Page } from "./sheet.ts";

/** Points per millimetre (PDF's unit is 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;

const n = (v: number) => String(Math.round(v * 1000) / 1000);

/** Text as a PDF string of WinAnsi bytes (characters beyond Latin-1 become "?"). */
function pdfString(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    const b = c === 0x2014 ? 0x97 : c === 0x2013 ? 0x96 : c < 0x20 || c > 0xff ? 0x3f : c;
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b > 0x7e) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(b);
  }
  return `(${out})`;
}

/** A page's content stream. */
export function pageContent(page: Page): string {
  const ops = [`${n(PT_PER_MM)} 0 0 ${n(-PT_PER_MM)} 0 ${n(page.height * PT_PER_MM)} cm`];
  for (const m of page.marks) {
    if (m.kind === "marker") {
      ops.push("q 0 g", ...m.cells.map((b) => `${n(b.x)} ${n(b.y)} ${n(b.w)} ${n(b.h)} re`), "f Q");
    } else if (m.kind === "cut") {
      ops.push(`q 0.6 G 0.15 w ${n(m.x)} ${n(m.y)} ${n(m.side)} ${n(m.side)} re S Q`);
    } else if (m.kind === "text") {
      // the text matrix flips y back, so the letters stand upright in the flipped user space
      ops.push(`BT /F1 ${n(m.size)} Tf 1 0 0 -1 ${n(m.x)} ${n(m.y)} Tm ${pdfString(m.text)} Tj ET`);
    } else {
      ops.push(
        `q 0 g ${n(m.x)} ${n(m.y)} ${n(m.length)} 1.5 re ${n(m.x)} ${n(m.y - 1.5)} 0.3 4.5 re ${n(m.x + m.length - 0.3)} ${n(m.y - 1.5)} 0.3 4.5 re f Q`,
      );
    }
  }
  return `${ops.join("\n")}\n`;
}

/** The whole PDF document. */
export function sheetPdf(pages: readonly Page[], title: string): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // its object number: 1-based
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, written once the pages' numbers are known
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title ${pdfString(title)} /Producer (quarterdeck markers) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const content = pageContent(page);
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(page.width * PT_PER_MM)} ${n(page.height * PT_PER_MM)}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
