/**
 * Geometry of the table (pure): bases as oriented rectangles, distances, firing lines, arcs, radii, table edges,
 * points of sail and hex grids. Rule sets measure their fields with these (see `src/game/measure.ts`).
 */
export * from "./arcs.ts";
export * from "./base.ts";
export * from "./distance.ts";
export * from "./firing-line.ts";
export * from "./hex.ts";
export * from "./quad.ts";
export * from "./radius.ts";
export * from "./vec.ts";
export * from "./wind.ts";
export * from "./windward.ts";
