/**
 * wsim-battle-v3 VI melee losses: the base game's melee results, read from the club table or by the person, marked on
 * the parties' sections; a capture, or the boarders thrown back.
 */

import { Type } from "@sinclair/typebox";
import { nameOf, resolution } from "../../game/action-kit.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { ok } from "../../result.ts";
import { leadersLost } from "./criticals.ts";
import { shipEvent, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { lossOptions, meleeSchemaFields, sides, strength } from "./melee.ts";
import { PARTY_WORDS } from "./outcome-facts.ts";
import { partyPoints } from "./parties.ts";
import type { CrewSection, Party, Ship } from "./state.ts";

/** Marks `losses` crew points on the sections of one party, lowest numbered first. */
function takeLosses(ship: Ship, party: Party, losses: number): CrewSection[] {
  let leftToTake = losses;
  return (ship.crewSections ?? []).map((c) => {
    if (c.party !== party || leftToTake <= 0) return c;
    const take = Math.min(leftToTake, c.boxes - c.marked);
    leftToTake -= take;
    return { ...c, marked: c.marked + take };
  });
}

const toDbp = (secs: CrewSection[]): CrewSection[] => secs.map((c) => (c.party === "OBP" ? { ...c, party: "DBP" as const } : c));

export const meleeLosses = wsimAction({
  type: "melee-losses",
  describe: ({ state }, o) => {
    return o.result === "captured"
      ? `${nameOf(state, o.captured)} is captured!${o.leadersCaptured?.length ? ` Leaders taken: ${o.leadersCaptured.map((id) => state.game.leaders.find((l) => l.id === id)?.name ?? id).join(", ")}.` : ""}`
      : o.result === "repulsed"
        ? "The boarders are thrown back."
        : "The melee goes on.";
  },
  // While the enemy's losses are still to be chosen, the outcome only says so (`waiting`); then the melee's result.
  outcomeSchema: outcomeOf({
    waiting: Type.Optional(fact.hidden(Type.Literal("lossesEnemy"))),
    strengths: Type.Optional(fact.words<number>("Strengths after", {})),
    parties: Type.Optional(fact.words<Party>("Parties", PARTY_WORDS)),
    result: Type.Optional(
      fact.word<"continues" | "captured" | "repulsed">("Melee", {
        continues: "continues",
        captured: "a ship is captured",
        repulsed: "the boarders are repulsed",
      }),
    ),
    captured: Type.Optional(fact.shipOrNull("Captured")),
    continuesNextTurn: Type.Optional(fact.flag("Continues next turn")),
    leadersCaptured: Type.Optional(fact.hidden(Type.Array(Type.String()))),
  }),
  title: "Melee losses",
  description: "Losses of a melee round as read from the base game's table; then the 2:1 and 3:1 checks.",
  schema: actionSchema("melee-losses", {
    ...meleeSchemaFields,
    round: Type.Integer({ minimum: 1, maximum: 3, label: "Round" }),
    lossesShip: Type.Integer({ minimum: 0, label: "Crew points the ship loses" }),
    lossesEnemy: Type.Optional(Type.Integer({ minimum: 0, label: "Crew points the enemy loses" })),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = sides(state, a);
    if (!s.ok) return s;
    const { x, y, mx, my } = s.value;
    const bothObp = partyPoints(x, "OBP") > 0 && partyPoints(y, "OBP") > 0;
    const partyX: Party = partyPoints(x, "OBP") > 0 ? "OBP" : "DBP";
    const partyY: Party = partyPoints(y, "OBP") > 0 && (bothObp || partyX !== "OBP") ? "OBP" : "DBP";
    if (a.lossesEnemy === undefined) {
      return resolution(
        { waiting: "lossesEnemy" as const },
        [],
        [
          {
            kind: "choose",
            purpose: `Crew points ${y.name} loses in this melee round?`,
            action: { ...a, lossesEnemy: null },
            choice: { field: "lossesEnemy", options: lossOptions(partyPoints(y, partyY)), min: 1, max: 1 },
          },
        ],
      );
    }
    let secX = takeLosses(x, partyX, a.lossesShip);
    let secY = takeLosses(y, partyY, a.lossesEnemy);
    const pts = (secs: CrewSection[], p: Party) => secs.filter((c) => c.party === p).reduce((t, c) => t + c.boxes - c.marked, 0);
    let result: "continues" | "captured" | "repulsed" = "continues";
    let capturedId: string | null = null;
    let sx = strength(pts(secX, partyX), mx);
    let sy = strength(pts(secY, partyY), my);
    let fight: [Party, Party] = [partyX, partyY];
    if (bothObp) {
      // "If after any melee round either side's OBP has a 2:1 disadvantage it is changed into a DBP and the odds are recalculated"
      if (sy >= 2 * sx) {
        secX = toDbp(secX);
        fight = ["DBP", "OBP"];
      } else if (sx >= 2 * sy) {
        secY = toDbp(secY);
        fight = ["OBP", "DBP"];
      }
      sx = strength(pts(secX, fight[0]), mx);
      sy = strength(pts(secY, fight[1]), my);
    }
    if (fight[0] !== fight[1]) {
      const [obp, dbp, obpIsX] = fight[0] === "OBP" ? [sx, sy, true] : [sy, sx, false];
      if (obp > 0 && obp >= 3 * dbp) {
        // "If after any melee round an OBP has a 3:1 advantage over a DBP, the enemy ship is captured."
        result = "captured";
        capturedId = obpIsX ? y.id : x.id;
      } else if (dbp >= 2 * obp) {
        // "If … a DBP has a 2:1 advantage over an OBP, the OBP is changed into a DBP and the melee ends."
        result = "repulsed";
        if (obpIsX) secX = toDbp(secX);
        else secY = toDbp(secY);
      }
    }
    const events: WsimEvent[] = [
      shipEvent("melee-losses", x, { crewSections: secX }),
      shipEvent("melee-losses", y, { crewSections: secY }),
    ];
    if (capturedId === x.id) events.push(shipEvent("captured", x, { captured: true, side: y.side }));
    if (capturedId === y.id) events.push(shipEvent("captured", y, { captured: true, side: x.side }));
    // XII.1.1: "Use the same procedure if a leader is captured" — leaders aboard a captured ship.
    const aboard = state.game.leaders.filter((l) => l.ship === capturedId && l.status === "active").map((l) => l.id);
    const lost = leadersLost(state, aboard, "captured");
    events.push(...lost.events);
    const continuesNextTurn = result === "continues" && a.round >= 3;
    return resolution(
      { strengths: [sx, sy], parties: fight, result, captured: capturedId, continuesNextTurn, leadersCaptured: aboard },
      events,
      lost.followUps,
    );
  },
});
