/**
 * "Initiative": 1D6 a squadron, lowest moves first, the Dutch win draws and move second; −1 when the flag
 * officer is killed or the flagship cannot be seen; ships out of command (beyond 4 hexes of the flagship with no
 * chain of adjacent ships to one in command) move separately at one lower initiative. Lit fire ships "always move first".
 */
import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { adAction, checkNotEnded, isDutch, isOut } from "./common.ts";
import { initiativeHeadline } from "./headline.ts";
import { hexDistance } from "./hexes.ts";
import { drawOrder, initiativeOdds, tierLabel, tiersOf } from "./initiative-odds.ts";
import { INITIATIVE_MEASURES } from "./measures.ts";
import type { AdState, Ship } from "./schema.ts";

/** "Squadrons must try to stay within 4 hexes of the flagship". */
export const COMMAND_RADIUS = 4;

/** Initiative odds enumerate 6^n rolls: up to 8 squadrons (1.7 million). */

export interface Squadron {
  readonly name: string;
  readonly ships: readonly Ship[];
  readonly flagship: Ship | null;
  readonly dutch: boolean;
}

/** Squadrons of ships still afloat and free, in name order (the plan's dice follow this order). */
export function squadrons(state: AdState): Squadron[] {
  const names = [...new Set(state.ships.filter((s) => !isOut(s) && !s.fireshipLit).map((s) => s.squadron))].sort();
  return names.map((name) => {
    const ships = state.ships.filter((s) => s.squadron === name && !isOut(s) && !s.fireshipLit);
    const flagship = ships.find((s) => s.flagship) ?? null;
    return { name, ships, flagship, dutch: isDutch(flagship ?? ships[0] ?? { nation: "" }) };
  });
}

/**
 * Ships out of command, from their hexes: beyond 4 hexes of the flagship, "unless they can trace a line of command
 * via ships in adjacent hexes to a ship that is in command". The chain runs through ships of the same squadron
 * (our reading). Ships or flagships without a hex are taken to be in command; players may name others.
 */
export function outOfCommand(sq: Squadron): string[] {
  const flag = sq.flagship?.hex;
  if (!flag) return [];
  const placed = sq.ships.filter((s) => s.hex !== null);
  const inCommand = new Set(placed.filter((s) => s.hex && hexDistance(s.hex, flag) <= COMMAND_RADIUS).map((s) => s.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of placed) {
      if (inCommand.has(s.id) || !s.hex) continue;
      const here = s.hex;
      if (placed.some((o) => inCommand.has(o.id) && o.hex && hexDistance(o.hex, here) === 1)) {
        inCommand.add(s.id);
        grew = true;
      }
    }
  }
  return placed.filter((s) => !inCommand.has(s.id)).map((s) => s.id);
}

export interface InitiativeGroup {
  readonly squadron: string;
  readonly ships: readonly string[];
  readonly roll: number | null;
  readonly modifier: number;
  readonly initiative: number | null;
  readonly outOfCommand: boolean;
  readonly tiedWith: readonly string[];
}

/** A group that moves together: a squadron's ships in command, or its ships out of command (one lower). */
interface BaseGroup {
  readonly index: number;
  readonly squadron: string;
  readonly ships: readonly string[];
  readonly modifier: number;
  readonly outOfCommand: boolean;
  readonly dutch: boolean;
  readonly label: string;
}

/** The fields of an initiative roll the groups are formed by: ships whose flagship is out of sight, ships out of command. */
interface InitiativeFields {
  readonly flagshipUnseen: readonly string[];
  readonly outOfCommand: readonly string[];
}

/** The groups and their modifiers, before the dice. */
export function initiativeGroups(state: AdState, action: InitiativeFields): BaseGroup[] {
  // flagshipUnseen names ships (tapped bases): each one's squadron has its flagship out of sight.
  const unseenIds = new Set(action.flagshipUnseen);
  const unseen = new Set(state.ships.filter((s) => unseenIds.has(s.id)).map((s) => s.squadron));
  const named = new Set(action.outOfCommand);
  const groups: BaseGroup[] = [];
  squadrons(state).forEach((sq, index) => {
    // "Initiative is reduced by -1 if the flag officer is killed, or if the flagship cannot be seen" — one −1 for either.
    const lost = !sq.flagship || sq.flagship.flagOfficer === "killed" || unseen.has(sq.name) ? -1 : 0;
    const modifier = lost + (sq.flagship?.flagOfficerInitiative ?? 0);
    const out = new Set([...outOfCommand(sq), ...sq.ships.filter((s) => named.has(s.id)).map((s) => s.id)]);
    const base = { index, squadron: sq.name, dutch: sq.dutch };
    const inside = sq.ships.filter((s) => !out.has(s.id)).map((s) => s.id);
    if (inside.length) groups.push({ ...base, ships: inside, modifier, outOfCommand: false, label: sq.name });
    if (out.size)
      groups.push({ ...base, ships: [...out], modifier: modifier - 1, outOfCommand: true, label: `${sq.name} (out of command)` });
  });
  return groups;
}

/** Sorts groups for a roll vector: lowest initiative first; Dutch win draws (move second); then by name. */
function sorted(groups: readonly BaseGroup[], rolls: readonly number[]): Array<BaseGroup & { initiative: number }> {
  return groups
    .map((g) => ({ ...g, initiative: (rolls[g.index] ?? 0) + g.modifier }))
    .sort((a, b) => a.initiative - b.initiative || drawOrder(a, b));
}

const fireShipGroup = (state: AdState): InitiativeGroup[] => {
  const fireShips = state.ships.filter((s) => s.fireshipLit && !isOut(s));
  return fireShips.length
    ? [
        {
          squadron: "fire ships",
          ships: fireShips.map((s) => s.id),
          roll: null,
          modifier: 0,
          initiative: null,
          outOfCommand: false,
          tiedWith: [],
        },
      ]
    : [];
};

/** Orders the groups: lit fire ships "always move first", then lowest initiative; other draws are marked. */
export function initiativeOrder(state: AdState, action: InitiativeFields, rolls: readonly number[]): InitiativeGroup[] {
  const order = sorted(initiativeGroups(state, action), rolls);
  // Draws between two Dutch or two non-Dutch squadrons are not settled by the text: marked, and listed by name.
  const groups = order.map((g, i) => ({
    squadron: g.squadron,
    ships: g.ships,
    roll: rolls[g.index] ?? 0,
    modifier: g.modifier,
    initiative: g.initiative,
    outOfCommand: g.outOfCommand,
    tiedWith: order.filter((o, j) => j !== i && o.initiative === g.initiative && o.dutch === g.dutch).map((o) => o.squadron),
  }));
  return [...fireShipGroup(state), ...groups];
}

export const initiative = adAction({
  type: "initiative",
  describe: (_ctx, o) => {
    return `Move order: ${o.order.join(", ")}.`;
  },
  outcomeSchema: outcomeOf({
    order: fact.words<string>("Order of movement", {}),
    groups: Type.Optional(fact.hidden(Type.Unknown())),
  }),
  measure: INITIATIVE_MEASURES,
  title: "Initiative",
  description:
    "Initiative: 1D6 a squadron, lowest moves first, Dutch win draws; −1 without the flag officer or the flagship in sight; out-of-command ships one lower.",
  schema: actionSchema("initiative", {
    flagshipUnseen: Type.Array(Type.String(), { default: [], label: "Flagships that cannot be seen", input: "ships" }),
    outOfCommand: Type.Array(Type.String(), { default: [], label: "Ships out of command", input: "ships" }),
  }),
  prepare({ state, action }) {
    const e = checkNotEnded(state, action);
    if (!e.ok) return e;
    if (squadrons(state).length === 0) return fail("rules.illegal", "There are no squadrons afloat to roll initiative for.", "ships");
    const ids = new Set(state.ships.map((s) => s.id));
    const bad = action.flagshipUnseen.findIndex((id) => !ids.has(id));
    if (bad >= 0) return fail("ship.unknown", `There is no ship "${action.flagshipUnseen[bad]}".`, `action.flagshipUnseen[${bad}]`);
    const badShip = action.outOfCommand.findIndex((id) => !ids.has(id));
    if (badShip >= 0) return fail("ship.unknown", `There is no ship "${action.outOfCommand[badShip]}".`, `action.outOfCommand[${badShip}]`);
    return ok(action);
  },
  plan: ({ state }) =>
    squadrons(state).map((sq) => {
      // a squadron's die is its side's; ships with no squadron named may be of both sides: then it names none
      const sides = new Set(sq.ships.map((s) => s.side));
      const side = sides.size === 1 ? [...sides][0] : undefined;
      return bySide(side, entry("initiative", "d6", 1, `Initiative for squadron ${sq.name || "(none)"}.`));
    }),
  resolve({ state, action }, dice) {
    const order = initiativeOrder(
      state,
      action,
      dice.map((g) => g[0] ?? 0),
    );
    // The order as the odds list it: a draw between squadrons of one nation is one entry, "blue = red".
    const base = initiativeGroups(state, action);
    const tiers = tiersOf(
      base,
      dice.map((g) => g[0] ?? 0),
    ).map((t) => tierLabel(base, t));
    return ok({
      outcome: { order: [...fireShipGroup(state).map((g) => g.squadron), ...tiers], groups: order },
      events: [],
      followUps: [],
    });
  },
  odds({ state, action }) {
    const lead = fireShipGroup(state).map((g) => g.squadron);
    return ok(initiativeOdds(initiativeGroups(state, action), squadrons(state).length, lead));
  },
  headline: (_, odds) => initiativeHeadline(odds),
});
