/**
 * wsim-battle-v3 for the display: the hex wind with its one-turn warning, ship logs as box tracks, and sentences.
 */
import { StatusWords } from "../../game/ship-status.ts";
import type { Action, ShipView, WindView } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { standInNote } from "./data.ts";
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
    return {
      id: s.id,
      name: s.name,
      side: s.side,
      ...words.view(),
      tracks,
      facts: [
        { label: "Class", value: `${s.class} (${s.kind})` },
        { label: "Guns", value: String(s.guns) },
        { label: "Crew", value: s.crew },
        ...(s.plot ? [{ label: "Plot", value: s.plot }] : []),
        ...leaders.map((l) => ({ label: l.rank, value: `${l.name}${l.status !== "active" ? ` (${l.status})` : ""}` })),
      ],
    };
  });
}

const nameOf = (state: WsimState, id: unknown) => state.ships.find((s) => s.id === id)?.name ?? String(id);

export function wsimDescribe(state: WsimState, action: Action, o: Readonly<Record<string, unknown>>): string {
  switch (action.type) {
    case "fire": {
      const crit = o.critical ? " — doubles: critical hit!" : ` — no critical (red ${String(o.red)}).`;
      if (o.damage) {
        const d = o.damage as Record<string, number>;
        const read = o.hitTable === null ? "no guns" : `Hit Table ${String(o.hitTable)}, die ${String(o.normal)}`;
        return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${String(o.aim)}: ${read} — ${d.hull} hull, ${d.guns} guns, ${d.crew} crew, ${d.rigging} rigging${crit}${standInNote(state.data)}`;
      }
      const hits = o.hits === null ? "read the Fire Table" : plural(Number(o.hits), "hit");
      return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${String(o.aim)}: die ${String(o.modifiedDie)}, ${hits}${crit}${o.hits === null ? "" : standInNote(state.data)}`;
    }
    case "wind":
      return o.changes ? `The wind will change next turn (rolled ${String(o.total)}).` : `The wind holds (rolled ${String(o.total)}).`;
    case "leader-casualty":
      return o.casualty ? `The leader falls (${String(o.total)}).` : `The leader is unhurt (${String(o.total)}).`;
    case "plot":
      return `${nameOf(state, action.ship)}'s plot ${String(o.plot)} is legal (${String(o.mp)} MP).`;
    case "melee-losses":
      return o.result === "captured"
        ? `${nameOf(state, o.captured)} is captured!${Array.isArray(o.leadersCaptured) && o.leadersCaptured.length ? ` Leaders taken: ${o.leadersCaptured.map((id) => state.game.leaders.find((l) => l.id === id)?.name ?? String(id)).join(", ")}.` : ""}`
        : o.result === "repulsed"
          ? "The boarders are thrown back."
          : "The melee goes on.";
    case "critical":
      return `Critical hit ${String(o.code)}${o.text ? `: ${String(o.text)}` : ""}.${o.text ? standInNote(state.data) : ""}`;
    default:
      return otherSentence(state, action, o);
  }
}

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

/** The sentences of the actions without dice (records, the turn's bookkeeping), in the text's words. */
function otherSentence(state: WsimState, action: Action, o: Readonly<Record<string, unknown>>): string {
  const name = (id: unknown) => nameOf(state, id);
  const side = (d: unknown) => HEXSIDES[Number(d)] ?? String(d);
  switch (action.type) {
    case "set-wind":
      return `The wind is set from the ${side(o.direction)}, wind change number ${String(o.changeNumber)}.`;
    case "wind-shift":
      return `From next turn the wind blows from the ${side(o.pending)}.`;
    case "next-turn": {
      const wind = o.windChanged === null || o.windChanged === undefined ? "" : "; the wind changes";
      const n = Number(o.signalsDelivered ?? 0);
      const signals = n > 0 ? `; ${n} signal${n === 1 ? "" : "s"} arrive${n === 1 ? "s" : ""}` : "";
      return `Turn ${String(o.turn)} begins${wind}${signals}.`;
    }
    case "fire-result": {
      const n = Number(o.hits);
      const said = `${n} hit${n === 1 ? "" : "s"} on ${name(action.target)}'s ${String(o.aim)}, read from the Fire Table`;
      if (n === 0) return `${said}.`;
      // no Hit Table loaded: the log is marked by hand, and the sentence says which boxes
      const where =
        o.aim === "rigging"
          ? "on her rigging sections"
          : "as the base game's Hit Table splits them among her hull, the guns of the side fired at and her crew sections";
      return `${said} — no Hit Table is loaded: mark ${n} box${n === 1 ? "" : "es"} on ${name(action.target)}'s log ${where} (Mark the log).`;
    }
    case "broadside-loss":
      return `${name(action.ship)}'s ${String(o.broadside)} broadside is reduced.`;
    case "collision":
      return `${name(action.ship)} and ${name(action.other)} collide.`;
    case "grapple":
      return o.grappled
        ? `${name(action.ship)} and ${name(action.other)} are grappled.`
        : `${name(action.ship)} and ${name(action.other)} are freed.`;
    case "phase-timer":
      return o.withinLimit
        ? `Within the ${String(o.limit)} s limit.`
        : o.graceGiven
          ? `Over the ${String(o.limit)} s limit: 30 s grace, the first violation.`
          : `Over the ${String(o.limit)} s limit: a violation.`;
    case "form-party":
      return `Crew section ${String(o.section)} of ${name(action.ship)} forms a ${String(o.party)}.`;
    case "melee": {
      const [a, b] = (o.strengths as number[] | undefined) ?? [];
      return `Melee round ${String(o.round)}: ${name(action.ship)} ${String(a)} against ${name(action.enemy)} ${String(b)}.`;
    }
    case "signal":
      return `A signal from ${name(action.from)} to ${name(action.to)}${o.delivered ? " arrives now" : ` arrives on turn ${String(o.deliverTurn)}`}.`;
    case "impersonate":
      return `Player ${String(o.player)} takes on ${state.game.leaders.find((l) => l.id === o.leader)?.name ?? "another leader"}.`;
    default:
      return "Recorded.";
  }
}
