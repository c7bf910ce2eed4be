// The wind dial drawn like the physical one: a card with the rule set's positions (4 table edges,
// 6 hexsides, 8 or 16 compass points) and a pointer at the bearing the wind blows FROM.
import { fill, h } from "./live.js";

const POINTS = {
  edge4: ["N", "E", "S", "W"],
  hex6: ["0", "1", "2", "3", "4", "5"],
  compass8: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
  compass16: ["N", "", "NE", "", "E", "", "SE", "", "S", "", "SW", "", "W", "", "NW", ""],
};

/** Builds the dial once; returns {el, update(wind, angle)}. */
export function windDial() {
  const pointer = h(
    "g",
    { class: "dial-pointer" },
    h("polygon", { points: "0,-84 11,-8 0,4 -11,-8", class: "dial-arrow" }),
    h("polygon", { points: "0,84 6,10 0,4 -6,10", class: "dial-tail" }),
    h("circle", { r: 7, class: "dial-hub" }),
  );
  const marks = h("g", { class: "dial-marks" });
  const svg = h(
    "svg",
    { viewBox: "-110 -110 220 220", role: "img", "aria-label": "wind dial", class: "dial" },
    h("circle", { r: 104, class: "dial-rim" }),
    h("circle", { r: 92, class: "dial-face" }),
    marks,
    pointer,
  );
  const label = h("div", { class: "dial-label" });
  const el = h("div", { class: "dial-box" }, svg, label);
  let system = "";
  return {
    el,
    update(wind, angle) {
      if (!wind) {
        el.dataset.bearing = "";
        label.textContent = "no wind in these rules";
        pointer.setAttribute("visibility", "hidden");
        return;
      }
      if (wind.system !== system) {
        system = wind.system;
        marks.replaceChildren(
          ...(POINTS[system] ?? []).map((name, i, all) => {
            const deg = (360 / all.length) * i;
            const rad = (deg * Math.PI) / 180;
            const [x, y] = [Math.sin(rad) * 76, -Math.cos(rad) * 76];
            const tick = h("line", { x1: Math.sin(rad) * 92, y1: -Math.cos(rad) * 92, x2: Math.sin(rad) * 86, y2: -Math.cos(rad) * 86 });
            return h("g", {}, tick, name ? h("text", { x, y: y + 6, "text-anchor": "middle" }, name) : null);
          }),
        );
      }
      pointer.setAttribute("visibility", "visible");
      pointer.style.transform = `rotate(${wind.fromDegrees}deg)`;
      el.dataset.bearing = String(wind.fromDegrees);
      el.dataset.servo = angle === null || angle === undefined ? "" : String(angle);
      fill(
        label,
        h("strong", {}, wind.label),
        wind.strength ? h("span", {}, ` · ${wind.strength}`) : null,
        wind.pending ? h("div", { class: "dial-pending" }, `next: ${wind.pending}`) : null,
      );
    },
  };
}
