/**
 * What measuring a frame is given (`measure.ts`), apart from the measuring so the plane's fit (`frame-plane.ts`) can
 * read it without importing the measurer that imports it.
 */
import type { GreyImage } from "./detector.ts";
import type { PlaneFit } from "./lens.ts";
import type { MarkerCells } from "./marker-cells.ts";
import type { Area, DetectedMarker } from "./markers.ts";

/** A ship marker's refinement, kept with the detector's corners it started from. */
export interface RefinedShip {
  readonly detected: DetectedMarker;
  readonly refined: DetectedMarker;
}

export interface MeasureOptions {
  readonly area: Area;
  readonly width: number;
  readonly height: number;
  /** The ship markers' printed side, mm; when absent, the median of the ships seen. */
  readonly shipSize?: number;
  /**
   * The plane fitted from an earlier frame, with the reference markers it was fitted from: reused when this frame's
   * references are the same markers within REFERENCES_STILL_PX (a camera on its stand), so the lens is not searched again.
   */
  readonly previous?: {
    readonly references: readonly DetectedMarker[];
    readonly plane: PlaneFit;
    /**
     * The ship markers refined in that frame: a ship whose detected corners are each within half a pixel of where
     * they were keeps its refinement, so a still table costs no fits — the pattern fit is most of a frame's time
     * (bench/camera-page.bench.ts), and only ships that moved are fitted again.
     */
    readonly refinedShips?: readonly RefinedShip[];
    /**
     * The ship markers as that frame detected them: a ship whose detected corners moved more than MOVING_PX since is
     * moving, and is neither fitted nor placed in this frame (settling reports a ship only once she stands still, so a
     * moving ship's position is never sent; fitting her in every frame she moves was most of a moving table's time).
     */
    readonly seenShips?: readonly DetectedMarker[];
  };
  /**
   * The frame itself and the markers' cells: each marker's corners are then refined by fitting its pattern to the
   * pixels (`refine.ts`), and a ship whose fit is poor (covered, smudged) is refused. Without it, the detector's
   * corners are used as they are.
   */
  readonly refine?: { readonly image: GreyImage; readonly cells: MarkerCells };
}
