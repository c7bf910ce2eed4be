/**
 * `quarterdeck rulesets | plan | odds | resolve` (docs/reference/{cli.md,request-result.md}): the rules core over JSON.
 */
import { measureRequest, oddsOf, parseRequest, transition } from "../../../src/game/engine.ts";
import { measuredFields } from "../../../src/game/measure.ts";
import { withFigure } from "../../../src/game/measured-refusal.ts";
import type { Move } from "../../../src/game/move-types.ts";
import { judgeMove } from "../../../src/game/moves/judge.ts";
import { parseTable } from "../../../src/game/table-positions.ts";
import type { Action, RuleSet, TableState } from "../../../src/game/types.ts";
import type { RulesError } from "../../../src/result.ts";
import { RULE_SETS, ruleSet } from "../../../src/rulesets/index.ts";
import { badInput, type CommandIo, type CommandResult, parseJsonInput, printJson } from "../io.ts";

export function listRuleSets(json: boolean): CommandResult {
  if (json) {
    return {
      code: 0,
      stdout: printJson({
        ok: true,
        rulesets: RULE_SETS.map((rs) => ({
          id: rs.id,
          title: rs.title,
          description: rs.description,
          actions: rs.actions,
          settings: rs.settings,
          ship: rs.shipFields ?? [],
        })),
      }),
    };
  }
  const width = Math.max(...RULE_SETS.map((rs) => rs.id.length));
  return { code: 0, stdout: `${RULE_SETS.map((rs) => `${rs.id.padEnd(width)}  ${rs.description}`).join("\n")}\n` };
}

/** Runs `plan`, `odds` or `resolve` on a request read from stdin. */
export async function runRulesCommand(
  command: "plan" | "odds" | "resolve",
  id: string | undefined,
  io: CommandIo,
  dataFile?: string,
): Promise<CommandResult> {
  if (!id)
    return badInput({ code: "input.invalid", message: `${command} needs --ruleset ID (see: quarterdeck rulesets).`, path: "--ruleset" });
  const rs = ruleSet(id);
  if (!rs) {
    return badInput({
      code: "ruleset.unknown",
      message: `There is no rule set "${id}" (known: ${RULE_SETS.map((r) => r.id).join(", ")}).`,
      path: "--ruleset",
    });
  }
  let data: unknown;
  if (dataFile !== undefined) {
    if (!rs.dataFile) return badInput({ code: "input.invalid", message: `${rs.id} takes no data file.`, path: "--data" });
    // the YAML reader is loaded only when a data file is given (rulesets, plan and odds start faster without it)
    const { loadDataFile } = await import("../../config/data-file.ts");
    const loaded = loadDataFile(dataFile);
    if (!loaded.ok) return badInput(loaded.error);
    const parsed = rs.dataFile.parse(loaded.value.value);
    if (!parsed.ok) return badInput({ ...parsed.error, path: loaded.value.locate(parsed.error.path) });
    data = parsed.value;
  }
  const json = parseJsonInput(await io.readStdin());
  if (!json.ok) return badInput(json.error);
  const req = parseRequest(rs, json.value, data);
  if (!req.ok) return badInput(figureOf(rs, json.value, data, req.error));
  const { state, action, dice, measurement } = req.value;
  // docs/reference/request-result.md: what was measured from `table` (and what a person's value overrode, and what is borderline)
  const measured = measurement ? measuredFields(measurement) : {};
  // a shot the table forbids is refused before any dice are asked (issue 37): the rules read every table a shot is
  // played on only when its odds or result are worked out (WS&IM's 6-hex Hit Determination Table), so with positions
  // the odds are worked out first, and a refusal of a measured figure is said with that figure
  const table = measurement ? parseTable((json.value as { table?: unknown }).table) : null;
  const judge = (outcomes: ReadonlyArray<Readonly<Record<string, unknown>>>) =>
    table?.ok ? judgeMove(rs, state, action, table.value, outcomes) : ({ ok: true, value: null } as const);
  if (measurement) {
    const first = oddsOf(rs, state, action);
    if (!first.ok) {
      // a move the action itself refuses (Quickfire's distance over her speed) is still judged, so plan says why
      const judged = judge([{}]);
      const move = judged.ok && judged.value && !judged.value.move.legal ? judged.value.move : null;
      if (move && command !== "resolve") return { code: 0, stdout: printJson({ ok: true, plan: [], move, ...measured }) };
      if (move) return badInput(illegalMove(state, move));
      return badInput(withFigure(first.error, measurement) ?? first.error);
    }
  }

  // docs/reference/request-result.md "Moves": with `table.before`, the movement action's move is judged — in plan and odds against the
  // most generous outcome the dice may give, in resolve against the outcome rolled (an illegal move is refused)
  if (command === "plan" || command === "odds") {
    const odds = oddsOf(rs, state, action);
    if (!odds.ok) return badInput(odds.error);
    const judged = judge(odds.value.odds.outcomes.map((o) => o.outcome));
    if (!judged.ok) return badInput(judged.error);
    const move = judged.value ? { move: judged.value.move } : {};
    if (command === "plan") return { code: 0, stdout: printJson({ ok: true, plan: odds.value.plan, ...move, ...measured }) };
    return { code: 0, stdout: printJson({ ok: true, plan: odds.value.plan, ...odds.value.odds, ...move, ...measured }) };
  }
  if (dice === undefined)
    return badInput({ code: "dice.count", message: "resolve needs the dice that were rolled (dice: [...]).", path: "dice" });
  const t = transition(rs, state, action, dice);
  if (!t.ok) {
    // a move its action refuses (WS&IM's plot over her allowance) is refused with the move's figures when it is illegal
    const judged = t.error.code === "rules.illegal" ? judge([{}]) : null;
    if (judged?.ok && judged.value && !judged.value.move.legal) return badInput(illegalMove(state, judged.value.move));
    return badInput(t.error);
  }
  const { plan, outcome, events, followUps, marks, state: after } = t.value;
  const judged = judge([outcome]);
  if (!judged.ok) return badInput(judged.error);
  const moved = judged.value;
  if (moved && !moved.move.legal) return badInput(illegalMove(state, moved.move));
  return {
    code: 0,
    stdout: printJson({
      ok: true,
      plan,
      outcome,
      events,
      ships: after.ships,
      wind: after.wind,
      game: after.game,
      followUps: moved ? [...followUps, ...moved.followUps] : followUps,
      ...(moved ? { move: moved.move } : {}),
      ...(marks ? { marks } : {}),
      ...measured,
    }),
  };
}

/** docs/reference/request-result.md "Moves": resolve refuses an illegal move as `rules.illegal` with its figures, naming her. */
function illegalMove(state: TableState, move: Move): RulesError {
  const name = state.ships.find((s) => s.id === move.ship)?.name ?? move.ship;
  return { code: "rules.illegal", message: `${name}'s move is not legal: ${move.why}.`, path: `table.ships.${move.ship}` };
}

/** A request's refusal with the figure measured from its `table`, when the refusal concerns a measured field. */
function figureOf(rs: RuleSet, raw: unknown, data: unknown, error: RulesError): RulesError {
  if (typeof raw !== "object" || raw === null || !("table" in raw) || !("action" in raw)) return error;
  const state = rs.parseState(raw as Record<string, unknown>, data);
  if (!state.ok) return error;
  const m = measureRequest(rs, state.value, raw.action as Action, raw.table);
  return m.ok ? (withFigure(error, m.value) ?? error) : error;
}
