// Structural sharing for pushed states: every part of the new state deep-equal to the same part of the previous
// one is replaced by the previous object, so components memoised on their props (lib/memo.js) skip what did not
// change — a die reading re-renders the dice and the odds, not every ship's boxes. No DOM access (unit-tested).

/**
 * `next` with each subtree equal to `prev`'s at the same place replaced by `prev`'s; `prev` itself when all is
 * equal. Plain JSON values only (what the live socket sends).
 */
export function shareEqual(prev, next) {
  if (prev === next) return prev;
  if (typeof prev !== "object" || typeof next !== "object" || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((v, i) => {
      const s = i < prev.length ? shareEqual(prev[i], v) : v;
      if (s !== prev[i]) same = false;
      return s;
    });
    return same ? prev : out;
  }
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(prev).length;
  const out = {};
  for (const k of keys) {
    const s = Object.hasOwn(prev, k) ? shareEqual(prev[k], next[k]) : next[k];
    if (s !== prev[k]) same = false;
    out[k] = s;
  }
  return same ? prev : out;
}
