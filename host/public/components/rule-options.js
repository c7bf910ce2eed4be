// Two steps of /games/new built from what the rule set declares (`GET /api/rulesets`): its options (`settings`: a
// yes/no, a choice or a number, each with the text's own words as the hint) and the starting wind (the fields of its
// `set-wind` action). Left alone, a value is the scenario's or the rule set's default; only what is changed is sent.
import { settingLabel, valueWords } from "../lib/games.js";
import { html } from "../lib/html.js";

/** The rule set's options; `values` holds only those the person changed. */
export function RuleOptions({ ruleset, values, setValues }) {
  if (ruleset.settings.length === 0) return html`<p class="muted">These rules have no options.</p>`;
  const set = (name, v, def) => {
    const next = { ...values };
    if (v === def) delete next[name];
    else next[name] = v;
    setValues(next);
  };
  const changed = Object.keys(values).length;
  return html`<details class="rule-options" open=${changed > 0}>
    <summary>${changed ? `${changed} option${changed === 1 ? "" : "s"} changed` : `${ruleset.settings.length} options, as the text plays them`} — change…</summary>
    <p class="muted">Left as they are, the rules are played as the scenario or the text sets them.</p>
    ${ruleset.settings.map((s) => {
      const id = `setting-${s.name}`;
      const value = s.name in values ? values[s.name] : s.default;
      const hint = html`<span class="muted setting-hint" id=${`${id}-hint`}>${s.description}</span>`;
      if (typeof s.default === "boolean")
        return html`<div class="setting" data-setting=${s.name}><label class="check" for=${id}>
          <input type="checkbox" id=${id} aria-describedby=${`${id}-hint`} checked=${value === true} onChange=${(e) => set(s.name, e.currentTarget.checked, s.default)} />
          ${s.label ?? settingLabel(s.name)}</label>${hint}</div>`;
      if (Array.isArray(s.values))
        return html`<div class="setting" data-setting=${s.name}><label for=${id}><span>${s.label ?? settingLabel(s.name)}</span>
          <select id=${id} aria-describedby=${`${id}-hint`} value=${String(value)} onChange=${(e) => set(s.name, e.currentTarget.value, s.default)}>
            ${s.values.map((v) => html`<option value=${String(v)}>${valueWords(v)}${v === s.default ? " (the default)" : ""}</option>`)}
          </select></label>${hint}</div>`;
      return html`<div class="setting" data-setting=${s.name}><label for=${id}><span>${s.label ?? settingLabel(s.name)}</span>
        <input id=${id} type="number" step="any" inputmode="decimal" aria-describedby=${`${id}-hint`} value=${String(value)}
          onInput=${(e) => e.currentTarget.value !== "" && set(s.name, Number(e.currentTarget.value), s.default)} /></label>${hint}</div>`;
    })}
  </details>`;
}

/** The starting wind by the rule set's wind fields; `wind` is empty until the person sets one (then it is sent whole). */
export function StartingWind({ ruleset, scenario, wind, setWind }) {
  if (ruleset.wind.length === 0) return html`<p class="muted">These rules have no wind.</p>`;
  const set = (name, v) => {
    const next = { ...wind };
    if (v === undefined) delete next[name];
    else next[name] = v;
    setWind(next);
  };
  return html`<p class="muted">${scenario ? "Left alone, the wind is the scenario's." : "Left alone, the wind is the rule set's default."}</p>
    ${ruleset.wind.map((f) => {
      const id = `wind-${f.name}`;
      const value = wind[f.name];
      if (f.type === "enum")
        return html`<label for=${id}><span>${f.label}</span>
          <select id=${id} value=${value === undefined ? "" : String(value)}
            onChange=${(e) => {
              const raw = e.currentTarget.value;
              set(f.name, raw === "" ? undefined : (f.values.find((x) => String(x) === raw) ?? raw));
            }}>
            <option value="">${scenario ? "as the scenario sets it" : "the default"}</option>
            ${f.values.map((v) => html`<option value=${String(v)}>${String(v)}</option>`)}
          </select></label>`;
      return html`<label for=${id}><span>${f.label}</span>
        <input id=${id} type="number" inputmode="numeric" min=${f.min} max=${f.max} step="1" value=${value ?? ""}
          placeholder=${scenario ? "as the scenario sets it" : "the default"}
          onInput=${(e) => set(f.name, e.currentTarget.value === "" ? undefined : Number(e.currentTarget.value))} /></label>`;
    })}`;
}
