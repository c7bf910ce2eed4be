/**
 * A refusal of the rules on a figure measured from positions, said with the measured figure (issue 37: "a shot the
 * geometry forbids is refused … with the measured figure in words"): the rules' own sentence names the number they
 * were given ("34 is out of range"); the measurement says what it is ("34 hexes, nearest hex to nearest hex").
 */
import type { RulesError } from "../result.ts";

/** What was measured: the fields filled from positions and how each was measured. */
export interface MeasuredFigures {
  readonly measured: Readonly<Record<string, unknown>>;
  readonly figures: Readonly<Record<string, string>>;
}

/**
 * The refusal with its measured figure when its path names a field measured from positions (`action.rangeHexes`);
 * null when it concerns no measured field (the rules refuse something else).
 */
export function withFigure(error: RulesError, m: MeasuredFigures): RulesError | null {
  const field = /^action\.(\w+)$/.exec(error.path)?.[1];
  if (!field || !(field in m.measured)) return null;
  const figure = m.figures[field];
  if (!figure || error.message.includes(figure)) return error;
  return { ...error, message: `${error.message.replace(/\.$/, "")} — measured: ${figure}.` };
}
