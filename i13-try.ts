import { RULE_SETS } from "./src/rulesets/index.ts";
import { corpusFor } from "./bench/odds-corpus.ts";
import { oddsOf } from "./src/game/engine.ts";
for (const rs of RULE_SETS) {
  const c = corpusFor(rs, 8, 300, 1);
  const missing = rs.actions.map((a) => a.type).filter((t) => !c.some(r=>r.type===t));
  console.log(rs.id, c.length, "missing:", missing.join(" "));
  const times = new Map<string, number[]>();
  for (let pass = 0; pass < 3; pass++) for (const r of c) {
    const t0 = performance.now();
    let o;
    try { o = oddsOf(rs, r.state, r.action); } catch (e) { o = { ok: false, error: { code: String(e) } }; }
    const ms = performance.now() - t0;
    if (!o.ok && pass === 0) console.log("  ERR", r.type, r.ships, o.error.code, JSON.stringify(r.action));
    if (pass === 2) { const l = times.get(r.type) ?? []; l.push(ms); times.set(r.type, l); }
  }
  for (const [t, l] of times) { l.sort((a,b)=>a-b); const med = l[Math.floor(l.length/2)]; if (l[l.length-1] > 0.5) console.log("  ", t, "med", med.toFixed(2), "max", l[l.length-1].toFixed(2)); }
}
