/**
 * wsim-battle-v3 for the display: the hex wind with its one-turn warning, ship logs as box tracks, and sentences.
 */
import type { Action, ShipView, WindView } from "../../game/types.ts";
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
    const status: string[] = [];
    if (s.sunk) status.push("sunk");
    if (s.captured) status.push("captured");
    if ((s.crewSections ?? []).some((c) => c.party !== "none")) status.push("boarders ready");
    if (s.grappledWith.length) status.push("grappled");
    const leaders = state.game.leaders.filter((l) => l.ship === s.id);
    return {
      id: s.id,
      name: s.name,
      side: s.side,
      status,
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
        return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${String(o.aim)}: ${read} — ${d.hull} hull, ${d.guns} guns, ${d.crew} crew, ${d.rigging} rigging${crit}`;
      }
      const hits = o.hits === null ? "read the Fire Table" : `${String(o.hits)} hit(s)`;
      return `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}'s ${String(o.aim)}: die ${String(o.modifiedDie)}, ${hits}${crit}`;
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
      return `Critical hit ${String(o.code)}${o.text ? `: ${String(o.text)}` : ""}.`;
    default:
      return `${action.type}: ${JSON.stringify(o)}`;
  }
}
