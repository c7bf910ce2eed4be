/**
 * A ship to set on the table as a table file, a roster or a scenario gives her: her side, her fields as written and
 * where each field is written, so that every check on her names the file, line and key.
 */
import type { LoadedFile } from "./data-file.ts";

/** A ship to set on the table, with its side and where each of its fields is written. */
export interface ShipSource {
  readonly side: string;
  readonly ship: Record<string, unknown>;
  /** Where a field of this ship is written: `table.yaml:14 (fleets[0].ships[2].rating)`. */
  readonly where: (field: string) => string;
}

/** The ships of `fleets`, each field located by `locate` (a file's lines, or the JSON path itself for a request body). */
export function fromFleets(
  fleets: readonly { side: string; ships: readonly Record<string, unknown>[] }[],
  locate: LoadedFile["locate"],
  base: string,
): ShipSource[] {
  return fleets.flatMap((f, fi) =>
    f.ships.map((ship, si) => ({
      side: f.side,
      ship,
      where: (field: string) => locate(`${base}[${fi}].ships[${si}]${field ? `.${field}` : ""}`),
    })),
  );
}
