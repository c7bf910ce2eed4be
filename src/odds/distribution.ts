/**
 * Exact discrete distributions, built by enumerating or convolving the dice space (never sampled).
 * Values with the same canonical JSON are merged, so outcomes can be plain objects.
 */
import { type DieKind, valueDistribution } from "../dice/kinds.ts";

/** Canonical JSON (object keys sorted) used to merge equal outcomes; the same text as JSON.stringify of sorted objects. */
export function canonicalKey(value: unknown): string {
  return write(value) ?? "null";
}

function write(v: unknown): string | undefined {
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      return Number.isFinite(v) ? String(v) : "null";
    case "string":
      return JSON.stringify(v);
    case "boolean":
      return v ? "true" : "false";
    case "object": {
      if (Array.isArray(v)) {
        let out = "[";
        for (let i = 0; i < v.length; i++) out += `${i ? "," : ""}${write(v[i]) ?? "null"}`;
        return `${out}]`;
      }
      const o = v as Record<string, unknown> & { toJSON?: () => unknown };
      if (typeof o.toJSON === "function") return write(o.toJSON());
      const keys = Object.keys(o).sort();
      let out = "{";
      let first = true;
      for (const k of keys) {
        const w = write(o[k]);
        if (w === undefined) continue;
        out += `${first ? "" : ","}${JSON.stringify(k)}:${w}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

export interface Weighted<T> {
  readonly value: T;
  readonly p: number;
}

/** An immutable discrete probability distribution. */
export class Dist<T> {
  private constructor(readonly entries: readonly Weighted<T>[]) {}

  /** Merges pairs with equal canonical keys; drops zero-probability pairs. */
  static from<T>(pairs: Iterable<Weighted<T>>): Dist<T> {
    // Numbers are their own keys (a string's canonical key is quoted, so "1" and 1 stay apart).
    const merged = new Map<string | number, { value: T; p: number }>();
    for (const { value, p } of pairs) {
      if (p <= 0) continue;
      const key = typeof value === "number" ? value : canonicalKey(value);
      const seen = merged.get(key);
      if (seen) seen.p += p;
      else merged.set(key, { value, p });
    }
    return new Dist([...merged.values()]);
  }

  /**
   * Pairs whose values the caller knows to be pairwise distinct (each carries what made it, e.g. the dice totals), so
   * no canonical keys are built to merge them; zero-probability pairs are dropped. Equal values would be listed twice.
   */
  static distinct<T>(pairs: readonly Weighted<T>[]): Dist<T> {
    return new Dist(pairs.filter((e) => e.p > 0));
  }

  /** A certain value. */
  static of<T>(value: T): Dist<T> {
    return new Dist([{ value, p: 1 }]);
  }

  /** One die of a kind. */
  static die(kind: DieKind): Dist<number> {
    return new Dist(valueDistribution(kind).map(({ value, p }) => ({ value, p })));
  }

  /** The total of `n` dice of a kind, by convolution. */
  static sum(kind: DieKind, n: number): Dist<number> {
    // Convolution over an array indexed by total: n dice of k faces cost n·k·(n·max) steps, no keys.
    const faces = valueDistribution(kind);
    const max = Math.max(...faces.map((f) => f.value));
    let acc = [1];
    for (let i = 0; i < n; i++) {
      const next = Array<number>(acc.length + max).fill(0);
      acc.forEach((p, total) => {
        if (p > 0) for (const f of faces) next[total + f.value] = (next[total + f.value] ?? 0) + p * f.p;
      });
      acc = next;
    }
    return Dist.from(acc.map((p, total) => ({ value: total, p })));
  }

  /** Number of successes among `n` dice of a kind where `success(value)` holds (binomial). */
  static successes(kind: DieKind, n: number, success: (value: number) => boolean): Dist<number> {
    const q = valueDistribution(kind).reduce((s, { value, p }) => s + (success(value) ? p : 0), 0);
    return Dist.binomial(n, q);
  }

  /** Binomial(n, q) over 0..n. */
  static binomial(n: number, q: number): Dist<number> {
    const out: Weighted<number>[] = [];
    let c = 1;
    for (let k = 0; k <= n; k++) {
      out.push({ value: k, p: c * q ** k * (1 - q) ** (n - k) });
      c = (c * (n - k)) / (k + 1);
    }
    return Dist.from(out);
  }

  /**
   * The unordered results of `n` dice of a kind: each multiset (sorted ascending) with its multinomial
   * probability. 14 d6 are 11,628 multisets.
   */
  static multiset(kind: DieKind, n: number): Dist<number[]> {
    const faces = valueDistribution(kind);
    const out: Weighted<number[]>[] = [];
    const walk = (i: number, left: number, coef: number, p: number, acc: number[]): void => {
      const face = faces[i];
      if (!face) {
        if (left === 0) out.push({ value: acc, p: coef * p });
        return;
      }
      if (i === faces.length - 1) {
        walk(i + 1, 0, coef, p * face.p ** left, [...acc, ...Array<number>(left).fill(face.value)]);
        return;
      }
      let c = 1;
      for (let k = 0; k <= left; k++) {
        walk(i + 1, left - k, coef * c, p * face.p ** k, [...acc, ...Array<number>(k).fill(face.value)]);
        c = (c * (left - k)) / (k + 1);
      }
    };
    walk(0, n, 1, 1, []);
    return Dist.from(out);
  }

  map<U>(f: (value: T) => U): Dist<U> {
    return Dist.from(this.entries.map(({ value, p }) => ({ value: f(value), p })));
  }

  chain<U>(f: (value: T) => Dist<U>): Dist<U> {
    const out: Weighted<U>[] = [];
    for (const { value, p } of this.entries) for (const e of f(value).entries) out.push({ value: e.value, p: p * e.p });
    return Dist.from(out);
  }

  /** Independent pairing of two distributions. */
  and<U>(other: Dist<U>): Dist<[T, U]> {
    return this.chain((a) => other.map((b) => [a, b] as [T, U]));
  }

  probability(pred: (value: T) => boolean): number {
    return this.entries.reduce((s, { value, p }) => s + (pred(value) ? p : 0), 0);
  }

  expected(f: (value: T) => number): number {
    return this.entries.reduce((s, { value, p }) => s + f(value) * p, 0);
  }

  total(): number {
    return this.entries.reduce((s, { p }) => s + p, 0);
  }
}
