/**
 * wsim-battle-v3 for the display: the hex wind with its one-turn warning, ship logs as box tracks, and the Mark the log
 * sentence. (Each action's sentence is its own `describe`.)
 */
import { StatusWords } from "../../game/ship-status.ts";
import { shipViewOf } from "../../game/ship-view.ts";
import type { ShipView, WindView } from "../../game/types.ts";
import { HEXSIDES, type WsimState } from "./state.ts";

export function wsimWindView(state: WsimState): WindView {
  const w = state.wind;
  const pending = w.pending
    ? w.pending.direction === null
      ? "The wind changes next turn (new direction to be set)"
      : `The wind changes next turn: from ${HEXSIDES[w.pending.direction]}`
    : undefined;
  return {
    system: "hex6",
    fromDegrees: w.direction * 60,
    label: `Wind from ${HEXSIDES[w.direction]}, change number ${w.changeNumber}`,
    strength: `change number ${w.changeNumber}`,
    ...(pending ? { pending } : {}),
  };
}

export function wsimShipViews(state: WsimState): ShipView[] {
  return state.ships.map((s) => {
    const tracks: ShipView["tracks"][number][] = [];
    if (s.hull) tracks.push({ label: "Hull", boxes: s.hull.boxes, marked: s.hull.marked });
    for (const [i, c] of (s.crewSections ?? []).entries()) {
      tracks.push({ label: `Crew ${i + 1}${c.party !== "none" ? ` (${c.party})` : ""}`, boxes: c.boxes, marked: c.marked });
    }
    if (s.gunsLeft) tracks.push({ label: "Guns left", boxes: s.gunsLeft.boxes, marked: s.gunsLeft.marked });
    if (s.gunsRight) tracks.push({ label: "Guns right", boxes: s.gunsRight.boxes, marked: s.gunsRight.marked });
    for (const [i, r] of (s.rigging ?? []).entries()) tracks.push({ label: `Rigging ${i + 1}`, boxes: r.boxes, marked: r.marked });
    const words = new StatusWords();
    if (s.sunk) words.say("sunk", "out");
    if (s.captured) words.say("captured", "out");
    if ((s.crewSections ?? []).some((c) => c.party !== "none")) words.say("boarders ready", "fine");
    if (s.grappledWith.length) words.say("grappled", "worn");
    const leaders = state.game.leaders.filter((l) => l.ship === s.id);
    return shipViewOf(s, words.view(), {
      tracks,
      facts: [
        { label: "Class", value: `${s.class} (${s.kind})` },
        { label: "Guns", value: String(s.guns) },
        { label: "Crew", value: s.crew },
        ...(s.plot ? [{ label: "Plot", value: s.plot }] : []),
        ...leaders.map((l) => ({ label: l.rank, value: `${l.name}${l.status !== "active" ? ` (${l.status})` : ""}` })),
      ],
    });
  });
}

const nameOf = (state: WsimState, id: unknown) => state.ships.find((s) => s.id === id)?.name ?? String(id);

const SECTION_WORDS: Readonly<Record<string, string>> = { hull: "hull", gunsLeft: "left guns", gunsRight: "right guns" };
const sectionWords = (sec: string): string =>
  SECTION_WORDS[sec] ?? sec.replace(/^(crew|rigging)(\d)$/, (_, what: string, n: string) => `${what} section ${n}`);

/** "Mark the log": the boxes marked (or, negative, cleared) of a section of a ship's log. */
export function markSentence(
  state: WsimState,
  action: { readonly ship: string; readonly section: string; readonly boxes: number },
): string {
  const n = action.boxes;
  const boxes = `${Math.abs(n)} box${Math.abs(n) === 1 ? "" : "es"}`;
  return `${n >= 0 ? "Marked" : "Cleared"} ${boxes} of ${nameOf(state, action.ship)}'s ${sectionWords(action.section)}.`;
}
