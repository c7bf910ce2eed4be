// The display's fleets strip: each side's ships as cards, the action's ships marked by their role, the shown ship marked.
import { html } from "../lib/html.js";
import { onlyShown } from "../lib/table.js";
import { ShipCard } from "./ship.js";

/** Every side's ships; a card is drawn again only when its own view, role or mark changed (ShipCard is memoised). */
export function Fleet({ state }) {
  const p = state.pending;
  const shown = onlyShown(state);
  const roleOf = (id) => (p && !shown ? p.fields.find((f) => f.type === "ship" && p.action[f.name] === id) : undefined);
  const sides = [...new Set(state.ships.map((s) => s.side))];
  return sides.map(
    (side) => html`<section class="fleet-side" aria-label=${side}>
      <h2>${side}</h2>
      <div class="fleet-ships">
        ${state.ships
          .filter((s) => s.side === side)
          .map((s) => {
            const f = roleOf(s.id);
            return html`<${ShipCard} key=${s.id} view=${s} role=${f?.name} roleLabel=${f?.label} shown=${state.focus?.ship?.id === s.id} />`;
          })}
      </div>
    </section>`,
  );
}
