/**
 * What a wsim-battle-v3 fire leads to: the critical hit roll on doubles (club table, or the person's pick of the entry),
 * and the Fire Table's result read by a person (`fire-result`) with its offer to mark the log.
 */

import { Type } from "@sinclair/typebox";
import { nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { ok } from "../../result.ts";
import { firerAndTarget, shipEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { AIM_WORDS } from "./outcome-facts.ts";
import type { Ship, WsimState } from "./state.ts";

/** The critical hit roll (club table) or the person's pick of the entry. */
export function criticalFollowUp(state: WsimState, target: Ship, aim: string, rangeHexes: number, hitTable?: number): FollowUp {
  const action = { type: "critical", ship: target.id, aim, rangeHexes, ...(hitTable !== undefined ? { hitTable } : {}) };
  if (state.data?.critical) return { kind: "roll", purpose: `Critical hit on ${target.name}: roll on the ${aim} critical table.`, action };
  const n = setting<number>(state.settings, "criticalEntries");
  const tag = aim === "hull" ? "H" : "R";
  return {
    kind: "choose",
    purpose: `Critical hit on ${target.name}: roll the base game's critical hit${hitTable !== undefined ? ` (one die plus Hit Table number ${hitTable})` : ""} and pick the entry.`,
    action: { ...action, entry: null },
    choice: { field: "entry", options: Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `${i + 1}${tag}` })), min: 1, max: 1 },
  };
}

export const fireResult = wsimAction({
  type: "fire-result",
  describe: ({ state, action }, o) => {
    const n = o.hits;
    const said = `${n} hit${n === 1 ? "" : "s"} on ${nameOf(state, action.target)}'s ${o.aim}, read from the Fire Table`;
    if (n === 0) return `${said}.`;
    // no Hit Table loaded: the log is marked by hand, and the sentence says which boxes
    const where =
      o.aim === "rigging"
        ? "on her rigging sections"
        : "as the base game's Hit Table splits them among her hull, the guns of the side fired at and her crew sections";
    return `${said} — no Hit Table is loaded: mark ${n} box${n === 1 ? "" : "es"} on ${nameOf(state, action.target)}'s log ${where} (Mark the log).`;
  },
  outcomeSchema: outcomeOf({ hits: fact.count("Hits"), aim: fact.word("Aimed at", AIM_WORDS) }),
  title: "Fire Table result",
  description: "The Fire Table's result as read by a person (no club table loaded).",
  schema: actionSchema("fire-result", {
    firer: shipField("Firing ship"),
    target: shipField("Target"),
    aim: Type.Union([Type.Literal("hull"), Type.Literal("rigging")], { label: "Aim" }),
    hits: Type.Integer({ minimum: 0, label: "Hits" }),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const p = firerAndTarget(state, a);
    if (!p.ok) return p;
    const hits = a.hits;
    const target = p.value.target;
    // No Hit Table loaded: the boxes are marked by hand. Mark the log is offered with the hits on the aimed section
    // (the section can be changed before Confirm, or the offer cancelled when the paper log is marked instead).
    const section = a.aim === "rigging" ? "rigging1" : "hull";
    const offer: FollowUp[] =
      hits > 0
        ? [
            {
              kind: "roll",
              purpose: `Mark the log: ${hits} box${hits === 1 ? "" : "es"} of ${target.name}'s ${a.aim} (change the section if the Hit Table splits them; cancel if you mark the paper log)`,
              action: { type: "mark", ship: target.id, section, boxes: hits },
            },
          ]
        : [];
    return resolution(
      { hits: a.hits, aim: a.aim },
      [shipEvent("fire-hits", target, {}, { hits: a.hits, aim: a.aim, by: p.value.firer.id })],
      offer,
    );
  },
});
