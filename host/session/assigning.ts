/**
 * Setting a table up by touch, as a club member does with the models in hand: "tap the base of Royal James now" gives
 * the next tag read on any reader to that ship; "roll the die you want as the black die" binds the next die rolled.
 * Pure: the step asks, these answer with what to do and what to say.
 */

import { shipMarkers } from "../../devices/camera/markers.ts";
import type { DeviceHealth, DieRolled, Reading } from "../../devices/readings.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { Binding } from "../config/schema.ts";
import type { Assigning } from "../store/records.ts";
import { bindingProblem } from "./bindings.ts";
import { dieNamer } from "./dice-gather.ts";

export type { Assigning } from "../store/records.ts";

/** What a reading while a ship waits for hers comes to: given to her (with what was given), or refused; said in `text`. */
type ShipAnswer<Given> =
  | ({ readonly kind: "assign"; readonly ship: string; readonly text: string } & Given)
  | { readonly kind: "refuse"; readonly text: string };

/** What a tag read while a ship waits for its tag comes to. */
export type TagAnswer = ShipAnswer<{ readonly uid: string }>;

/** The next tag read goes to the ship waiting, unless another ship has it already (then that is said and it waits on). */
export function tagFor(
  uid: string,
  ship: { readonly id: string; readonly name: string },
  tags: Readonly<Record<string, string>>,
  nameOf: (id: string) => string,
): TagAnswer {
  const holder = tags[uid];
  if (holder === ship.id) return { kind: "refuse", text: `Tag ${uid} is already ${ship.name}'s.` };
  if (holder !== undefined) {
    return { kind: "refuse", text: `Tag ${uid} is already on ${nameOf(holder)}: tap the base of ${ship.name} with a tag of its own.` };
  }
  return { kind: "assign", uid, ship: ship.id, text: `${ship.name}: tag ${uid} assigned.` };
}

/**
 * The binding the rolled die takes, or why it cannot: a die the table does not know, a side it does not have, or a
 * die already bound (unbind it on /devices first, or roll another).
 */
export function bindingFor(
  r: DieRolled,
  wanted: Omit<Binding, "die">,
  bindings: readonly Binding[],
  health: readonly DeviceHealth[],
  sides: readonly string[],
): Result<{ readonly binding: Binding; readonly text: string }> {
  const bound = bindings.find((b) => b.die === r.dieId);
  const name = dieNamer(health)(r);
  if (bound) {
    return fail("die.bound", `${name} is already ${describeBinding(bound)}: roll another die, or unbind it on /devices first.`, "die");
  }
  const binding: Binding = { ...wanted, die: r.dieId };
  const problem = bindingProblem(binding, health, sides);
  if (problem) return problem;
  return ok({ binding, text: `${name} is now ${describeBinding(wanted)}.` });
}

/** "the black rof die of the English", "a die of any role": what a binding makes of a die, in words. */
export function describeBinding(b: Omit<Binding, "die">): string {
  const colours = b.colors?.length ? `${b.colors.join("/")} ` : "";
  const roles = b.roles?.length ? `${b.roles.join("/")} die` : "die";
  const side = b.side ? ` of the ${b.side}` : "";
  return colours || b.roles?.length ? `the ${colours}${roles}${side}` : `a die of any role${side}`;
}

/** Checks a request to wait for a die to bind: the side it is for must be one of the table's. */
export function dieRequest(binding: Omit<Binding, "die">, sides: readonly string[]): Result<Assigning> {
  if (binding.side !== undefined && !sides.includes(binding.side)) {
    return fail("side.unknown", `There is no side "${binding.side}" (sides: ${sides.join(", ")}).`, "side");
  }
  return ok({ kind: "die", binding });
}

/** Checks a request to wait for a ship's tag (or, `kind` "marker", her camera marker): the ship must be on the table. */
export function tagRequest(ship: string, ships: readonly { readonly id: string }[], kind: "tag" | "marker" = "tag"): Result<Assigning> {
  if (!ships.some((s) => s.id === ship)) return fail("ship.unknown", `There is no ship "${ship}".`, "ship");
  return ok({ kind, ship });
}

/** What a ship marker shown to the camera while a ship waits for hers comes to. */
export type MarkerAnswer = ShipAnswer<{ readonly marker: number }>;

/**
 * The marker shown goes to the ship waiting, unless another ship was given it at the table (then that is said and she
 * waits on). A marker another ship carries only by roster order is taken from her, and that is said: she has none
 * until hers is shown.
 */
export function markerFor(
  marker: number,
  ship: { readonly id: string; readonly name: string },
  shipIds: readonly string[],
  assigned: Readonly<Record<string, number>>,
  nameOf: (id: string) => string,
): MarkerAnswer {
  const holder = shipMarkers(shipIds, assigned).get(marker);
  if (holder === ship.id) return { kind: "refuse", text: `Marker ${marker} is already ${ship.name}'s.` };
  const given = holder !== undefined && assigned[holder] === marker;
  if (given) {
    return { kind: "refuse", text: `Marker ${marker} is already ${nameOf(holder)}'s: show ${ship.name}'s own marker to the camera.` };
  }
  const taken = holder !== undefined ? ` (it was ${nameOf(holder)}'s by roster order: show hers to give her one)` : "";
  return { kind: "assign", marker, ship: ship.id, text: `${ship.name}: marker ${marker} assigned${taken}.` };
}

/** What a reading comes to while the table waits for a tap or a roll: done (with what to keep), refused, or not for it. */
export type Touch =
  | {
      readonly kind: "done";
      readonly text: string;
      readonly tag?: { readonly uid: string; readonly ship: string };
      readonly marker?: { readonly marker: number; readonly ship: string };
      readonly binding?: Binding;
    }
  | { readonly kind: "refused"; readonly text: string };

/** What the step reads to answer a touch. */
export interface TouchContext {
  readonly tags: Readonly<Record<string, string>>;
  /** Ship ids → markers given at the table. */
  readonly markers: Readonly<Record<string, number>>;
  /** The ships in the game's order (roster order gives the markers not given at the table). */
  readonly shipIds: () => readonly string[];
  /** The ships with their names (asked only for a tag or a marker). */
  readonly names: () => readonly { readonly id: string; readonly name: string }[];
  readonly bindings: readonly Binding[];
  readonly health: readonly DeviceHealth[];
  readonly sides: readonly string[];
}

/** The reading's answer while the table waits (a tag for a ship, a roll for a binding), or null when it is not waited for. */
export function touchReading(a: Assigning | null, r: Reading, c: TouchContext): Touch | null {
  if (a?.kind === "tag" && r.type === "tag.arrived") {
    const views = c.names();
    const nameOf = (id: string) => views.find((v) => v.id === id)?.name ?? id;
    const answer = tagFor(r.uid.toUpperCase(), { id: a.ship, name: nameOf(a.ship) }, c.tags, nameOf);
    if (answer.kind === "refuse") return { kind: "refused", text: answer.text };
    return { kind: "done", text: answer.text, tag: { uid: answer.uid, ship: answer.ship } };
  }
  if (a?.kind === "marker" && r.type === "marker.shown") {
    const views = c.names();
    const nameOf = (id: string) => views.find((v) => v.id === id)?.name ?? id;
    const answer = markerFor(r.marker, { id: a.ship, name: nameOf(a.ship) }, c.shipIds(), c.markers, nameOf);
    if (answer.kind === "refuse") return { kind: "refused", text: answer.text };
    return { kind: "done", text: answer.text, marker: { marker: answer.marker, ship: answer.ship } };
  }
  if (a?.kind === "die" && r.type === "die.rolled") {
    const bound = bindingFor(r, a.binding, c.bindings, c.health, c.sides);
    if (!bound.ok) return { kind: "refused", text: bound.error.message };
    return { kind: "done", text: bound.value.text, binding: bound.value.binding };
  }
  return null;
}
