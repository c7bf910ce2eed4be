// A ship drawn like its paper log: name and side, status words, tracks of boxes (marked boxes crossed
// and filled), and facts. Damage words carry their own colour AND text, so no one needs colour to read them.
import { h } from "./live.js";

const SEVERITY = [
  [/destroyed|sunk|exploded|struck|captured|prize/i, "sev-4"],
  [/heavily|fire|burning|crippled|critical/i, "sev-3"],
  [/damaged|broken|lost/i, "sev-2"],
  [/worn|light/i, "sev-1"],
];

const severity = (word) => SEVERITY.find(([re]) => re.test(word))?.[1] ?? "sev-0";

/** Status badges. */
export const statusBadges = (status) =>
  h("div", { class: "badges" }, ...status.map((w) => h("span", { class: `badge ${severity(w)}` }, w)));

/** A track of boxes. */
export function track(t, compact = false) {
  const boxes = Array.from({ length: t.boxes }, (_, i) => h("i", { class: i < t.marked ? "box marked" : "box" }));
  return h(
    "div",
    { class: "track", "data-label": t.label, "data-marked": t.marked, "data-boxes": t.boxes },
    compact ? null : h("span", { class: "track-label" }, t.label),
    h("span", { class: "boxes" }, ...boxes),
  );
}

/** The large log of one ship (the focused one). */
export function shipLog(view, log) {
  return h(
    "article",
    { class: "ship-log", "data-ship": view.id },
    h("header", {}, h("h2", {}, view.name), h("span", { class: "side" }, view.side), statusBadges(view.status)),
    h("div", { class: "tracks" }, ...view.tracks.map((t) => track(t))),
    h("dl", { class: "facts" }, ...view.facts.flatMap((f) => [h("dt", {}, f.label), h("dd", {}, f.value)])),
    h(
      "ol",
      { class: "log-entries" },
      ...(log.length
        ? log.slice(-6).map((e) => h("li", { "data-seq": e.seq }, h("b", {}, `#${e.seq} `), e.description))
        : [h("li", { class: "muted" }, "Nothing yet.")]),
    ),
  );
}

/** A ship's line in the fleet overview. */
export function shipCard(view, roles) {
  const destroyed = view.status.some((w) => /destroyed|sunk|captured|exploded/i.test(w));
  return h(
    "div",
    { class: `ship-card${destroyed ? " gone" : ""}${roles ? ` ${roles}` : ""}`, "data-ship": view.id },
    h("div", { class: "ship-name" }, view.name),
    statusBadges(view.status),
    h("div", { class: "compact-tracks" }, ...view.tracks.map((t) => track(t, true))),
  );
}
