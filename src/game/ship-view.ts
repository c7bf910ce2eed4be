/**
 * A ship as the display draws her (`ShipView`): who she is, her status words with their severities (ship-status.ts),
 * and her log's tracks and facts, which each rule set draws in its own log's shape.
 */
import type { Severity } from "./ship-status.ts";
import type { ShipView } from "./types.ts";

/** What a view names a ship by: her id, her name and her side. */
interface Named {
  readonly id: string;
  readonly name: string;
  readonly side: string;
}

/** The view of `ship`: her id, name and side, her `status` words (`StatusWords.view()`), then her tracks and facts. */
export function shipViewOf(
  ship: Named,
  status: { readonly status: readonly string[]; readonly severity: readonly Severity[] },
  log: Pick<ShipView, "tracks" | "facts">,
): ShipView {
  return { id: ship.id, name: ship.name, side: ship.side, status: status.status, severity: status.severity, ...log };
}
