/**
 * WS&IM's two-hex ships on the table's hex grid (issue 43): a ship stands in a bow hex and a stern hex, facing one of
 * the six hexsides; a forward move ("1") takes both a hex ahead, a turn ("L", "R") pivots her on her bow hex — "a
 * turn which results in a movement of its stern in a hex" (V.5) — a "T" is "the 1-forward part of the plot … then …
 * the turn" back (IV.2), a "B" backs her a hex astern. Every plot of up to {@link MAX_MP} orders from one place is
 * worked out once (a breadth-first walk of hex × facing × what IV.1 and IV.2 remember), relative to where she stands,
 * so measuring a move or drawing her reach is a look-up. Pure; hexes in axial (q, r) coordinates.
 */
import { HEXSIDE_STEPS, type Hex, type HexGrid, hexAt, hexCenter } from "../../geometry/hex.ts";
import { normalizeBearing, unitOfBearing } from "../../geometry/vec.ts";

/** Where a two-hex ship stands: her bow hex and the hexside she faces (0 = the grid's first side, clockwise). */
export interface HexPose {
  readonly bow: Hex;
  readonly facing: number;
}

/** A plot's orders: a hex ahead, a turn to port or starboard, IV.2's turn back, backing sail. */
export type Order = "F" | "L" | "R" | "T" | "B";

/** The most orders a measured plot holds ("Extreme case: a ship with 7 MP"; a spare for moves too long). */
export const MAX_MP = 10;

const DIRS = HEXSIDE_STEPS;

const step = (h: Hex, facing: number, n = 1): Hex => {
  const [dq, dr] = DIRS[((facing % 6) + 6) % 6] as readonly [number, number];
  return { q: h.q + n * dq, r: h.r + n * dr };
};

/** The bearing of hexside `facing` on this grid. */
export const facingBearing = (g: HexGrid, facing: number): number => (g.orientation === "flat" ? 0 : 30) + 60 * facing;

/** The hexside a heading is nearest. */
export const facingOf = (g: HexGrid, heading: number): number => Math.round(normalizeBearing(heading - facingBearing(g, 0)) / 60) % 6;

/** Her stern hex: a hex astern of her bow hex. */
export const sternOf = (p: HexPose): Hex => step(p.bow, p.facing + 3);

/** The two-hex ship standing at a base of `length` mm: her bow hex is the hex of her base's bow half. */
export function hexPoseOf(g: HexGrid, pose: { x: number; y: number; heading: number }, length: number): HexPose {
  const f = unitOfBearing(pose.heading);
  const bow = hexAt(g, { x: pose.x + (f.x * length) / 4, y: pose.y + (f.y * length) / 4 }).hex;
  return { bow, facing: facingOf(g, pose.heading) };
}

/** Where her base's centre stands in a hex pose: midway between her bow and stern hexes, heading her facing. */
export function poseOnGrid(g: HexGrid, p: HexPose): { x: number; y: number; heading: number } {
  const a = hexCenter(g, p.bow);
  const b = hexCenter(g, sternOf(p));
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, heading: normalizeBearing(facingBearing(g, p.facing)) };
}

/** Her pose after one order; a T turns back from the last L or R (`back`: the T's turn, +1 starboard, −1 port). */
export function afterOrder(p: HexPose, o: Order, back = 0): HexPose {
  if (o === "F") return { bow: step(p.bow, p.facing), facing: p.facing };
  if (o === "B") return { bow: step(p.bow, p.facing + 3), facing: p.facing };
  if (o === "T") return { bow: step(p.bow, p.facing), facing: (p.facing + back + 6) % 6 };
  return { bow: p.bow, facing: (p.facing + (o === "R" ? 1 : 5)) % 6 };
}

// ---- the walk, once per start (whether she owes a forward move before her first turn) ----

const N = MAX_MP;
const SIDE = 2 * N + 1;
/** Turns counted against the allowance kept apart (0…4, 4 = four or more). */
const TURNS = 5;
/** Turns made straight after a turn (IV.1), kept apart (0 or 1: a second is not looked for). */
const EARLY = 2;
const ORDERS: readonly Order[] = ["F", "L", "R", "T", "B"];
/** State: hex × facing × owes a forward move × the T open (0 none, 1 after L, 2 after R) × turns × early turns. */
const STATES = SIDE * SIDE * 6 * 2 * 3 * TURNS * EARLY;

const encode = (q: number, r: number, f: number, owe: number, t: number, c: number, e: number): number =>
  ((((((q + N) * SIDE + (r + N)) * 6 + f) * 2 + owe) * 3 + t) * TURNS + c) * EARLY + e;

/** A walk's state read back: where her bow stands and the side she faces, her turns and early turns. */
export function decodeState(s: number): { bow: Hex; facing: number; turns: number; early: number } {
  let x = s;
  const early = x % EARLY;
  x = (x - early) / EARLY;
  const turns = x % TURNS;
  x = (x - turns) / TURNS;
  x = (x - (x % 3)) / 3;
  x = (x - (x % 2)) / 2;
  const facing = x % 6;
  x = (x - facing) / 6;
  const r = (x % SIDE) - N;
  const q = (x - (r + N)) / SIDE - N;
  return { bow: { q, r }, facing, turns, early };
}

/** The most turns a walk keeps apart (more count as this many). */
export const MOST_TURNS = TURNS - 1;

export interface Walk {
  /** Orders to reach each state (−1: not reached). */
  readonly mp: Int8Array;
  /** The states reached, in the order reached. */
  readonly reached: Int32Array;
  readonly parent: Int32Array;
  readonly order: Int8Array;
}

const WALKS = new Map<number, Walk>();

/** Every plot of up to MAX_MP orders from bow hex (0, 0) facing 0, breadth first (the first found is the fewest orders). */
export function walk(owesFirst: boolean): Walk {
  const key = owesFirst ? 1 : 0;
  const known = WALKS.get(key);
  if (known) return known;
  const mp = new Int8Array(STATES).fill(-1);
  const parent = new Int32Array(STATES).fill(-1);
  const order = new Int8Array(STATES).fill(-1);
  let frontier = [encode(0, 0, 0, key, 0, 0, 0)];
  mp[frontier[0] as number] = 0;
  const reached: number[] = [...frontier];
  for (let depth = 1; depth <= N && frontier.length; depth++) {
    const next: number[] = [];
    for (const s of frontier) {
      let x = s;
      const e = x % EARLY;
      x = (x - e) / EARLY;
      const c = x % TURNS;
      x = (x - c) / TURNS;
      const t = x % 3;
      x = (x - t) / 3;
      const owe = x % 2;
      x = (x - owe) / 2;
      const f = x % 6;
      x = (x - f) / 6;
      const r = (x % SIDE) - N;
      const q = (x - (r + N)) / SIDE - N;
      for (const [i, o] of ORDERS.entries()) {
        let to: number;
        if (o === "F" || o === "B") {
          const h = step({ q, r }, o === "F" ? f : f + 3);
          if (Math.abs(h.q) > N || Math.abs(h.r) > N) continue;
          to = encode(h.q, h.r, f, o === "F" ? 0 : owe, t, c, e);
        } else if (o === "T") {
          if (t === 0) continue;
          const h = step({ q, r }, f);
          if (Math.abs(h.q) > N || Math.abs(h.r) > N) continue;
          // "A T plot counts as a turn for rule A above, but it does not count against the turning allowance"
          to = encode(h.q, h.r, (f + (t === 1 ? 1 : 5)) % 6, 1, 0, c, e);
        } else {
          if (owe && e === EARLY - 1) continue;
          to = encode(q, r, (f + (o === "R" ? 1 : 5)) % 6, 1, o === "L" ? 1 : 2, Math.min(c + 1, TURNS - 1), e + owe);
        }
        if ((mp[to] as number) >= 0) continue;
        mp[to] = depth;
        parent[to] = s;
        order[to] = i;
        next.push(to);
        reached.push(to);
      }
    }
    frontier = next;
  }
  const w = { mp, parent, order, reached: Int32Array.from(reached) };
  WALKS.set(key, w);
  return w;
}

/** A plot found: its orders, the poses after each, and what the text counts of it. */
export interface HexPlot {
  readonly orders: readonly Order[];
  /** Her pose at the start and after each order. */
  readonly poses: readonly HexPose[];
  /** Turns counted against her turning allowance (L and R), and T's (which are not). */
  readonly turns: number;
  readonly ts: number;
  /** Turns made straight after a turn, against IV.1. */
  readonly early: number;
}

/** Displacement `d` seen from a ship facing `facing`, as if she faced hexside 0. */
function toCanonical(d: Hex, facing: number): Hex {
  // (q, r) = q·DIRS[1] + r·DIRS[0]; turning the frame back by `facing` turns each step back as much
  const a = step({ q: 0, r: 0 }, 1 - facing, d.q);
  return step(a, -facing, d.r);
}

/**
 * The best plot from one hex pose to another: a legal one if any (no turn straight after a turn, IV.1; at most
 * `maxTurns` turns; at most `mp` orders), the fewest orders first; else the fewest orders, then the fewest broken
 * rules (a turn too early, then turns too many). Null when no plot of up to MAX_MP orders gets there.
 */
export function plotBetween(from: HexPose, to: HexPose, owesFirst: boolean, maxTurns: number, mp = MAX_MP): HexPlot | null {
  const d = toCanonical({ q: to.bow.q - from.bow.q, r: to.bow.r - from.bow.r }, from.facing);
  if (Math.abs(d.q) > N || Math.abs(d.r) > N) return null;
  const f = (((to.facing - from.facing) % 6) + 6) % 6;
  const w = walk(owesFirst);
  let best = -1;
  let bestKey = Number.POSITIVE_INFINITY;
  for (let owe = 0; owe < 2; owe++)
    for (let t = 0; t < 3; t++)
      for (let c = 0; c < TURNS; c++)
        for (let e = 0; e < EARLY; e++) {
          const s = encode(d.q, d.r, f, owe, t, c, e);
          const used = w.mp[s] as number;
          if (used < 0) continue;
          const legal = e === 0 && c <= maxTurns && used <= mp;
          const k = ((((legal ? 0 : 1) * 100 + used) * 10 + e) * 10 + Math.max(0, c - maxTurns)) * 10 + c;
          if (k < bestKey) {
            bestKey = k;
            best = s;
          }
        }
  if (best < 0) return null;
  const orders: Order[] = [];
  for (let s = best; (w.parent[s] as number) >= 0; s = w.parent[s] as number) orders.push(ORDERS[w.order[s] as number] as Order);
  orders.reverse();
  return walkPlot(from, orders, owesFirst);
}

/** Her poses along a plot, with its turns counted (a T turns back from the last L or R). */
export function walkPlot(from: HexPose, orders: readonly Order[], owesFirst = false): HexPlot {
  const poses: HexPose[] = [from];
  let p = from;
  let last = 0;
  let owe = owesFirst;
  let turns = 0;
  let ts = 0;
  let early = 0;
  for (const o of orders) {
    if (o === "L" || o === "R") {
      if (owe) early++;
      turns++;
      last = o === "R" ? 1 : -1;
      owe = true;
    } else if (o === "T") {
      // IV.2: "A T plot counts as a turn for rule A above" (its forward hex first, then the turn), as walk() has it
      ts++;
      owe = true;
    } else if (o === "F") owe = false;
    p = afterOrder(p, o, -last);
    if (o === "T") last = 0;
    poses.push(p);
  }
  return { orders, poses, turns, ts, early };
}

/** A plot in the text's notation: forward hexes as numbers, "1R1", "LT1", "" for none. */
export function plotText(orders: readonly Order[]): string {
  return orders.join("").replace(/F+/g, (m) => String(m.length));
}
