// The wind dial drawn like the physical one: a card with the rule set's positions (4 table edges, 6 hexsides,
// 8 or 16 compass points) and a pointer at the bearing the wind blows FROM.
import { html } from "../lib/html.js";
import { memo } from "../lib/memo.js";

const POINTS = {
  edge4: ["N", "E", "S", "W"],
  hex6: ["0", "1", "2", "3", "4", "5"],
  compass8: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
  compass16: ["N", "", "NE", "", "E", "", "SE", "", "S", "", "SW", "", "W", "", "NW", ""],
};

/** The dial; drawn again only when the wind or the servo's angle changed. */
export const WindDial = memo(function WindDial({ wind, angle }) {
  if (!wind) return null;
  const marks = (POINTS[wind.system] ?? []).map((name, i, all) => {
    const rad = ((360 / all.length) * i * Math.PI) / 180;
    const [s, c] = [Math.sin(rad), -Math.cos(rad)];
    return html`<g>
      <line x1=${s * 92} y1=${c * 92} x2=${s * 84} y2=${c * 84} />
      ${name ? html`<text x=${s * 70} y=${c * 70 + 8} text-anchor="middle">${name}</text>` : null}
    </g>`;
  });
  return html`<div class="dial-box" data-bearing=${wind.fromDegrees} data-servo=${angle ?? ""}>
    <svg viewBox="-110 -110 220 220" class="dial" aria-hidden="true">
      <circle r="104" class="dial-rim" />
      <circle r="92" class="dial-face" />
      <g class="dial-marks">${marks}</g>
      <g class="dial-pointer" style=${`transform: rotate(${wind.fromDegrees}deg)`}>
        <polygon points="0,-84 11,-8 0,4 -11,-8" class="dial-arrow" />
        <polygon points="0,84 6,10 0,4 -6,10" class="dial-tail" />
        <circle r="7" class="dial-hub" />
      </g>
    </svg>
    <div class="dial-label">
      <strong>${wind.label}</strong>
      ${wind.pending ? html`<div class="dial-pending">Next: ${wind.pending}</div>` : null}
    </div>
  </div>`;
});
