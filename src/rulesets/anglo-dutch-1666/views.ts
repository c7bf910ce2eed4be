/**
 * What the display draws: the hex wind, each ship like its ship card (rows of hull-point boxes, one row a step,
 * fire points and movement per step, the critical hits in effect). (Each action's sentence is its own `describe`.)
 */
import { type Severity, StatusWords } from "../../game/ship-status.ts";
import { shipViewOf } from "../../game/ship-view.ts";
import type { ShipView, WindView } from "../../game/types.ts";
import { cardRows, effectiveHandling, fireByStep, stepCount, stepEffect, stepThreshold } from "./damage.ts";
import { HEXSIDE_NAMES } from "./hexes.ts";
import type { AdState, Ship } from "./schema.ts";
import { settingsOf } from "./settings.ts";

const half = (n: number) => (n % 1 === 0.5 ? `${Math.floor(n) || ""}½` : String(n));

export function windView(state: AdState): WindView {
  const w = state.wind;
  const name = HEXSIDE_NAMES[w.direction] ?? "?";
  return { system: "hex6", fromDegrees: w.direction * 60, label: `wind from the ${name}, ${w.strength}`, strength: w.strength };
}

const MOVE_WORDS = {
  none: "full",
  "minus-1": "-1",
  "only-1": "-2 (1 hex, not close hauled)",
  disabled: "disabled",
  sunk: "sunk!",
} as const;

/** The card's Movement column, per step lost (Antelope: "-1 / -2 / disabled / sunk!"). */
const CARD_WORDS = { none: "", "minus-1": "-1", "only-1": "-2", disabled: "disabled", sunk: "sunk!" } as const;

/**
 * The ship's status words from the same facts as her card's boxes: "undamaged" only with no box crossed; hull points
 * lost before a whole step say so ("3 hull points lost"), then the steps lost. Said first, unless she is out of the
 * fight or sinking, which say it all.
 */
function status(s: Ship): { status: string[]; severity: Severity[] } {
  const w = new StatusWords();
  if (s.exploded) w.say("exploded", "out");
  else if (s.captured) w.say("captured", "out");
  else if (s.sinking) w.say("sinking", "danger");
  else if (s.damage === 0) w.say("undamaged", "fine");
  else if (s.stepsLost === 0) w.say(`${s.damage} hull point${s.damage > 1 ? "s" : ""} lost`, "worn");
  else w.say(`${s.stepsLost} step${s.stepsLost > 1 ? "s" : ""} lost`, s.stepsLost > 1 ? "damaged" : "worn");
  if (s.onFire) w.say("on fire", "danger");
  if (stepEffect(s.guns, s.stepsLost).move === "disabled") w.say("disabled", "damaged");
  if (s.grappledWith) w.say(s.grappleKind === "collision" ? "fouled" : "grappled", "worn");
  if (s.fireshipLit) w.say("fire ship fired", "fine");
  return w.view();
}

export function shipView(state: AdState, s: Ship): ShipView {
  const settings = settingsOf(state.settings);
  const n = stepCount(s.guns);
  const fire = fireByStep(s, settings);
  const rows = cardRows(s.hullPoints, s.guns);
  const tracks = rows.map((boxes, k) => {
    const from = stepThreshold(s.hullPoints, n, k);
    return { label: `fire ${half(fire[k] ?? 0)}`, boxes, marked: Math.max(0, Math.min(boxes, s.damage - from)) };
  });
  const h = effectiveHandling(s, s.stepsLost);
  const handling = [h.fast ? "F" : "", h.handy ? "H" : "", h.unhandy ? "UH" : ""].filter(Boolean).join(" ") || "—";
  const criticals = [
    s.onFire ? "fire" : "",
    s.gunDeckSweptTurns > 0 ? `gunnery (${s.gunDeckSweptTurns} turn${s.gunDeckSweptTurns > 1 ? "s" : ""})` : "",
    s.helm ? `helm (${s.helm === "none" ? "no turn" : `turn to ${s.helm}`} next move)` : "",
    s.flagOfficer === "killed" ? "flag" : "",
  ].filter(Boolean);
  return shipViewOf(s, status(s), {
    tracks,
    facts: [
      { label: "guns", value: String(s.guns) },
      { label: "hull points", value: `${s.hullPoints - s.damage} of ${s.hullPoints}` },
      { label: "fire points by step", value: fire.map(half).join(" / ") },
      { label: "fire points now", value: half(s.stepsLost < n ? (fire[s.stepsLost] ?? 0) : 0) },
      { label: "movement", value: MOVE_WORDS[stepEffect(s.guns, s.stepsLost).move] },
      { label: "movement by step", value: rows.map((_, k) => CARD_WORDS[stepEffect(s.guns, k + 1).move]).join(" / ") },
      { label: "handling", value: handling },
      { label: "nation", value: s.nation },
      { label: "squadron", value: `${s.squadron || "—"}${s.flagship ? " (flagship)" : ""}` },
      { label: "critical hits", value: criticals.join(", ") || "none" },
      { label: "heading", value: HEXSIDE_NAMES[s.heading] ?? "?" },
    ],
  });
}
