/**
 * What the display and the map show of the draft's measured geometry (`pending.measured` in the view): the fields
 * measured from positions with how (`6.9″ base to base`), a person's values that overrode a measurement, borderline
 * readings with both values ("borderline — check with a ruler"), the refusal the geometry gives, or why the figures
 * are asked instead; and for the map, the firing line and the action's range bands as rings round the firer.
 */
import type { ActionDef, ActionField, FollowUp, RuleSet, TableState } from "../../src/game/types.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { DraftStatus } from "./draft.ts";
import { measuredDraft } from "./measured-draft.ts";
import type { Positions } from "./positions.ts";

/**
 * A value as players read it: yes/no for booleans, the rule set's word for a value of a choice it names
 * (`valueLabels`), ship names for ship ids, numbers as given.
 */
function words(v: unknown, nameOf: (id: string) => string, field?: ActionField): string {
  if (typeof v === "boolean") return v ? "yes" : "no";
  const named = field?.valueLabels?.[String(v)];
  if (named !== undefined) return named;
  if (typeof v === "string") return nameOf(v);
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map((x) => words(x, nameOf, field)).join(", ");
  // a measured length is kept unrounded for the rules (4.004″ is beyond the 4″ edge); players read it to 0.001
  if (typeof v === "number" && !Number.isInteger(v)) return String(Math.round(v * 1000) / 1000);
  return String(v);
}

const fieldOf = (def: ActionDef, field: string): ActionField | undefined => def.fields.find((f) => f.name === field);
/** A field's label; a field no form shows (the torpedo's distances) in words, never its key ("distances"). */
const labelOf = (def: ActionDef, field: string): string =>
  fieldOf(def, field)?.label ??
  field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/**
 * The map's line of fire: the one the action declares (its `map.line`, measured in the rules core: Sole Bay's beam at
 * 90°, funnel to funnel …), else from the action's first ship to its second (by the fields' types, never their
 * names); null without both positions.
 */
function firingLine(st: DraftStatus, positions: Positions | undefined) {
  const m = st.measure;
  const hits = m?.refusal === null || m?.refusal === undefined;
  if (m?.line) return { from: { ...m.line.from }, to: { ...m.line.to }, hits };
  const ships = st.def.fields.filter((f) => f.type === "ship").map((f) => st.action[f.name]);
  const [from, to] = ships.map((id) => (typeof id === "string" ? positions?.[id] : undefined));
  if (!from || !to) return null;
  return { from: { x: from.x, y: from.y }, to: { x: to.x, y: to.y }, hits };
}

/** The draft's measured geometry for the pages, or null when the action measures nothing. */
export function measureView(rs: RuleSet, state: TableState, st: DraftStatus | null, positions: Positions | undefined) {
  const m = st?.measure;
  if (!st || !m) return null;
  const nameOf = (id: string) => state.ships.find((s) => s.id === id)?.name ?? id;
  const def = st.def;
  const firer = def.fields.find((f) => f.type === "ship");
  const firerPos = firer && typeof st.action[firer.name] === "string" ? positions?.[st.action[firer.name] as string] : undefined;
  return {
    fields: Object.entries(m.measured).map(([name, value]) => ({
      name,
      label: labelOf(def, name),
      value,
      words: words(value, nameOf, fieldOf(def, name)),
      figure: m.figures[name] ?? "",
    })),
    overridden: Object.entries(m.overridden).map(([name, o]) => ({
      name,
      label: labelOf(def, name),
      given: words(o.given, nameOf, fieldOf(def, name)),
      measured: words(o.measured, nameOf, fieldOf(def, name)),
    })),
    borderline: m.borderline.map((b) => ({
      field: b.field,
      label: labelOf(def, b.field),
      readings: b.readings.map((r) => ({ value: r, words: words(r, nameOf, fieldOf(def, b.field)) })),
      edge: b.edge,
      sentence: b.sentence,
    })),
    refusal: m.refusal?.message ?? null,
    asked: m.asked,
    line: m.asked ? null : firingLine(st, positions),
    rings: firerPos && !m.asked ? (rs.rangeRings?.[def.type] ?? []).map((r) => ({ label: r.label, radius: r.mm })) : [],
    /** The map's caption on the firing line ("6.69″ base to base"): the figure of the field the action names for it. */
    label: m.caption ?? null,
  };
}

/**
 * What the map draws of a choice the rules ask about the table (the ships within an explosion's radius): the ship it
 * centres on, the rings the rule set draws for its action, and the ships the positions put inside (measured as the
 * choice's field would be, its value left out). Null for a choice that is not about the table.
 */
export function choiceMapView(
  rs: RuleSet,
  state: TableState,
  head: FollowUp | undefined,
  at: { readonly positions?: Positions; readonly now: number; readonly layout?: TableLayout },
) {
  if (head?.kind !== "choose") return null;
  const def = rs.actions.find((a) => a.type === head.action.type);
  const centre = def?.fields.find((f) => f.type === "ship");
  const id = centre ? head.action[centre.name] : undefined;
  if (!def || typeof id !== "string" || !at.positions?.[id]) return null;
  const rings = (rs.actionRings?.[def.type]?.(head.action) ?? []).map((r) => ({ label: r.label, radius: r.mm }));
  const { [head.choice.field]: _asked, ...rest } = head.action;
  const m = measuredDraft(rs, state, def, { ...rest, type: head.action.type }, at);
  const v = m.measure && !m.measure.asked ? m.action[head.choice.field] : undefined;
  const within = Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  if (rings.length === 0 && within.length === 0) return null;
  return { centre: id, rings, within, figure: m.measure?.figures[head.choice.field] ?? null };
}
