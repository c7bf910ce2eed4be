/**
 * Small dense linear systems (the normal equations of the camera's fits: 3 to 9 unknowns), solved in plain
 * TypeScript. An entry past a row's end reads as NaN — what arithmetic on a missing entry gives — so a wrong size
 * shows as a NaN answer (refused by every caller's finiteness check), never as a silently wrong number.
 */

/** Entry `i` of `v`; NaN past its end. */
export const entry = (v: ArrayLike<number>, i: number): number => v[i] ?? Number.NaN;

/** Solves the n×n system `a x = b` in place by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const row = (r: number): number[] => a[r] ?? [];
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(entry(row(r), col)) > Math.abs(entry(row(pivot), col))) pivot = r;
    const pv = entry(row(pivot), col);
    if (Math.abs(pv) < 1e-12) return null;
    [a[col], a[pivot]] = [row(pivot), row(col)];
    [b[col], b[pivot]] = [entry(b, pivot), entry(b, col)];
    const rowC = row(col);
    for (let r = col + 1; r < n; r++) {
      const rowR = row(r);
      const f = entry(rowR, col) / entry(rowC, col);
      if (f === 0) continue;
      for (let k = col; k < n; k++) rowR[k] = entry(rowR, k) - f * entry(rowC, k);
      b[r] = entry(b, r) - f * entry(b, col);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const rowR = row(r);
    let s = entry(b, r);
    for (let k = r + 1; k < n; k++) s -= entry(rowR, k) * entry(x, k);
    x[r] = s / entry(rowR, r);
  }
  return x;
}

/** Each `a[i]` with its `b[i]`, as far as both go (the references seen with their places on the table). */
export function zipped<A, B>(a: readonly A[], b: readonly B[]): [A, B][] {
  const out: [A, B][] = [];
  a.forEach((x, i) => {
    const y = b[i];
    if (y !== undefined) out.push([x, y]);
  });
  return out;
}
