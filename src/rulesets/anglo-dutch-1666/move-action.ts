/**
 * The `move` action: a ship's plotted move (see movement.ts), obstacles, and what it runs into — a friendly ship
 * is a collision ("as if the moving ship was attempting to grapple"), an enemy a contact that may become boarding.
 */
import { Type } from "@sinclair/typebox";
import { nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { adAction, cfg, checkNotEnded, checkShips, isOut, ship, shipEvent } from "./common.ts";
import { sameHex } from "./hexes.ts";
import { MOVE_MEASURES } from "./measures.ts";
import { parsePlot, walkPlot } from "./movement.ts";
import { HEXES, HEXSIDE_WORDS, POINT_OF_SAIL_WORDS } from "./outcome-facts.ts";

export const move = adAction({
  type: "move",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `${ship} moves ${o.hexesMoved} hex${o.hexesMoved === 1 ? "" : "es"}${o.collisionWith ? `, into ${nameOf(state, o.collisionWith)}'s hex` : ""}.`;
  },
  outcomeSchema: outcomeOf({
    hexesMoved: fact.count("Moved", HEXES),
    towed: fact.flag("Towed"),
    heading: fact.word("Heading", HEXSIDE_WORDS),
    turns: fact.count("Turns"),
    allowance: fact.count("Allowance", HEXES),
    pointOfSail: fact.word("Point of sail", POINT_OF_SAIL_WORDS),
    drift: fact.row("Drift", {
      before: fact.count("Before the move", HEXES, { omitZero: true }),
      after: fact.count("After the move", HEXES, { omitZero: true }),
      toward: fact.word("Toward", HEXSIDE_WORDS),
    }),
    path: fact.hidden(Type.Array(Type.Unknown())),
    hex: fact.hidden(Type.Unknown()),
    collisionWith: fact.shipOrNull("Ends in the hex of"),
    contact: fact.ships("In contact with"),
  }),
  measure: MOVE_MEASURES,
  title: "Movement",
  description:
    "A ship's move as a plot: F ahead, L/R turn a hexside, T0–T5 towed (still wind); checks point of sail, handling, damage and weather.",
  schema: actionSchema("move", {
    ship: shipField("Ship"),
    plot: Type.String({ default: "", maxLength: 40, label: "Plot (e.g. F R F F)" }),
  }),
  prepare({ state, action }) {
    const e = checkNotEnded(state, action);
    if (!e.ok) return e;
    const c = checkShips(state, action, ["ship"]);
    if (!c.ok) return c;
    const s = ship(state, action.ship);
    if (s.grappledWith !== null) {
      return fail(
        "rules.illegal",
        `${s.name} is held (${s.grappleKind ?? "grapple"} with ${s.grappledWith}) and must separate first.`,
        "action.ship",
      );
    }
    const tokens = parsePlot(action.plot);
    return tokens.ok ? ok(action) : tokens;
  },
  plan: () => [],
  resolve({ state, action }) {
    const s = ship(state, action.ship);
    const tokens = parsePlot(action.plot);
    if (!tokens.ok) return tokens;
    const walk = walkPlot(state, s, tokens.value, cfg(state));
    if (!walk.ok) return walk;
    const m = walk.value;
    const others = state.ships.filter((o) => o.id !== s.id && o.hex !== null);
    // "Sinking ships remain on table and are an obstacle"
    const blocked = m.path.find((h) => others.some((o) => o.sinking && !o.exploded && sameHex(o.hex, h)));
    if (blocked) return fail("rules.illegal", `Hex (${blocked.q}, ${blocked.r}) holds a sinking ship, an obstacle.`, "action.plot");
    const there = others.filter((o) => !isOut(o) && sameHex(o.hex, m.hex));
    const friend = there.find((o) => o.side === s.side);
    const contact = there.filter((o) => o.side !== s.side).map((o) => o.id);
    const followUps: FollowUp[] = friend
      ? [
          roll(`${s.name} ends in ${friend.name}'s hex: check for a collision (as an attempted grapple).`, {
            type: "grapple",
            attacker: s.id,
            defender: friend.id,
            kind: "collision",
          }),
        ]
      : [];
    return ok({
      outcome: { ...m, collisionWith: friend?.id ?? null, contact },
      events: [shipEvent("ship-moved", s.id, { heading: m.heading, hex: m.hex, helm: null }, { hexes: m.hexesMoved, drift: m.drift })],
      followUps,
    });
  },
});
