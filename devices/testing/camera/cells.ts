/** The renderer's marker cells: those `quarterdeck markers` prints, the official AprilTag images'. */
export { tagCells } from "../../camera/marker-cells.ts";
