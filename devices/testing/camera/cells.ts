/** The renderer's marker cells: those `quarterdeck markers` prints, from OpenCV's own dictionary. */
export { openCvCells } from "../../camera/marker-cells.ts";
