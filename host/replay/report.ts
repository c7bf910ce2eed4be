/**
 * The after-action report: every action in order with its dice (and where each die came from) and its result,
 * the undos, and every ship at the end — as Markdown or as a standalone HTML page.
 */

import type { DicePlan } from "../../src/dice/plan.ts";
import { factsLine } from "../public/lib/facts.js";
import { type DieNamer, dieLabel, dieNamer, sourceName } from "../session/dice-gather.ts";
import type { GameOver } from "../session/game-over.ts";
import type { DieProvenance, PlacedDie } from "../store/records.ts";
import { markTally, show, words } from "./outcome-text.ts";
import type { Replay } from "./rebuild.ts";

const time = (at: number) => new Date(at).toISOString().replace("T", " ").slice(0, 19);

/** What the report says of the game besides its log: its players, dates and end (the table knows them; a file may not). */
export interface ReportGame {
  readonly players: ReadonlyArray<{ readonly side: string; readonly name?: string }>;
  readonly createdAt: number;
  readonly over: GameOver | null;
  /** The table's dice by the names players read on the display ("White die 1"), so the report names them the same. */
  readonly dieNames?: DieNamer;
}

/** The game's facts as label and text: the result ("Game over — English win"), how it ended, players, dates. */
function gameFacts(r: Replay, g: ReportGame | undefined): [string, string][] {
  if (!g) return [];
  const sides = [...new Set(r.state.ships.map((s) => s.side))];
  const players = sides.map((side) => {
    const names = g.players.filter((p) => p.side === side && p.name).map((p) => p.name);
    return `${side}: ${names.length ? names.join(", ") : "no name given"}`;
  });
  const first = r.inEffect[0]?.at;
  return [
    ["Result", g.over ? g.over.headline : "Not ended: the game goes on"],
    ...(g.over ? [["How it ended", g.over.reason] as [string, string]] : []),
    ["Players", players.join("; ")],
    ["Created", time(g.createdAt)],
    ...(first !== undefined ? [["First result", time(first)] as [string, string]] : []),
    ...(g.over?.at != null ? [["Ended", time(g.over.at)] as [string, string]] : []),
  ];
}

function dieSource(from: DieProvenance, nameOf: DieNamer): string {
  // the die by the name the display gave it (the table's, else its family and number), with its colour
  if (from.source === "die") return `${sourceName(from, nameOf)}${from.color ? `, ${from.color},` : ""} showed ${from.face}`;
  return from.source === "manual" ? "typed in" : "rolled by the host";
}

/** "6 — Dutch: Pixels die 2, white, showed 6": each die with whose slot it filled (side, colour or role) and its source. */
function diceText(plan: DicePlan, dice: readonly PlacedDie[], nameOf: DieNamer): string {
  if (dice.length === 0) return "no dice";
  return dice
    .map((d) => {
      const { whose } = dieLabel(plan, d);
      return `${d.value} — ${whose ? `${whose}: ` : ""}${dieSource(d.from, nameOf)}${d.mark ? ` (${d.mark})` : ""}`;
    })
    .join("; ");
}

/** The action as its title and fields by their labels ("Broadside (Firing ship: Royal James, Target: Gouda, Range: 6)"). */
function actionText(action: Readonly<Record<string, unknown>>, names: ReadonlyMap<string, string>, r: Replay): string {
  const def = r.ruleset.actions.find((a) => a.type === action.type);
  const title = def?.title ?? words(String(action.type));
  const fields = Object.entries(action)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => {
      const label = def?.fields.find((f) => f.name === k)?.label ?? words(k);
      const value = typeof v === "boolean" ? (v ? "yes" : "no") : (show(v, names) ?? JSON.stringify(v));
      return `${label}: ${value}`;
    });
  return `${title}${fields.length ? ` (${fields.join(", ")})` : ""}`;
}

interface Line {
  readonly title: string;
  readonly rows: readonly [string, string][];
}

/**
 * Each action's number in its game, as the table showed it: from #1, the actions in effect counted in order, so an
 * undone action's number is taken by the next one (keyed by the log's `seq`).
 */
function resultNumbers(r: Replay): Map<number, number> {
  const numbers = new Map<number, number>();
  let inEffect = 0;
  for (const { row } of r.entries) {
    if (row.kind === "undo") inEffect -= numbers.has(row.undoes) ? 1 : 0;
    else numbers.set(row.record.seq, ++inEffect);
  }
  return numbers;
}

function lines(r: Replay, nameOf: DieNamer = dieNamer()): { entries: Line[]; ships: string[][] } {
  const names = new Map(r.state.ships.map((s) => [s.id, s.name]));
  const numbers = resultNumbers(r);
  const entries = r.entries.map(({ row, sameToday }): Line => {
    if (row.kind === "undo") return { title: `${time(row.at)} · undo of #${numbers.get(row.undoes) ?? row.undoes}`, rows: [] };
    const rec = row.record;
    const counted = markTally(rec.dice);
    return {
      title: `#${numbers.get(rec.seq) ?? rec.seq} · ${time(rec.at)} · ${rec.description}`,
      rows: [
        ["Action", actionText(rec.action, names, r)],
        ["Dice", diceText(rec.plan, rec.dice, nameOf)],
        ...(counted ? [["Counted", counted] as [string, string]] : []),
        ["Result", factsLine(r.ruleset.facts(r.state, rec.action, rec.outcome)) || "—"],
        ...(rec.followUps.length ? [["Then", rec.followUps.map((f) => f.purpose).join("; ")] as [string, string]] : []),
        ...(sameToday === false ? [["Note", "today's rules give a different result for these dice"] as [string, string]] : []),
      ],
    };
  });
  const ships = r.ruleset
    .shipViews(r.state)
    .map((v) => [v.name, v.side, v.status.join(", "), v.tracks.map((t) => `${t.label} ${t.marked}/${t.boxes}`).join(" · ")]);
  return { entries, ships };
}

/**
 * A text of the game (a title, a ship's or player's name, a description) as Markdown that shows it as written: the
 * characters that would make markup, a link, raw HTML or a table cell's end are escaped, and a line break (which
 * would start a heading or a list) becomes a space. Issue 39 item 6: a title `<img src=x onerror=…>` went into the
 * report as HTML, `[x](javascript:…)` as a link.
 */
export const mdText = (s: string): string => s.replace(/[\r\n]+/g, " ").replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);

export function markdownReport(r: Replay, game?: ReportGame): string {
  const { entries, ships } = lines(r, game?.dieNames);
  const wind = r.ruleset.windView(r.state);
  const facts = gameFacts(r, game);
  const md = mdText;
  return [
    `# After-action report: ${md(r.setup.title)}`,
    "",
    `Rule set: ${md(r.ruleset.title)} (\`${r.ruleset.id}\`) · ${r.inEffect.length} actions in effect · ${r.entries.length} log entries${wind ? ` · ${md(wind.label)}` : ""}`,
    "",
    ...(facts.length ? [...facts.map(([k, v]) => `- **${md(k)}:** ${md(v)}`), ""] : []),
    "## Actions",
    "",
    ...entries.flatMap((e) => [`### ${md(e.title)}`, "", ...e.rows.map(([k, v]) => `- **${md(k)}:** ${md(v)}`), ""]),
    "## Ships at the end",
    "",
    "| Ship | Side | Status | Log |",
    "|---|---|---|---|",
    ...ships.map((s) => `| ${s.map(md).join(" | ")} |`),
    "",
  ].join("\n");
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

export function htmlReport(r: Replay, game?: ReportGame): string {
  const { entries, ships } = lines(r, game?.dieNames);
  const wind = r.ruleset.windView(r.state);
  const facts = gameFacts(r, game);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(r.setup.title)} — after-action report</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
h3{margin:1.4rem 0 .3rem}dt{font-weight:700}dd{margin:0 0 .3rem 1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.3rem;text-align:left}.game{font-size:1.15rem}.game dt{float:left;clear:left;width:9rem}
.game dd{margin-left:9.5rem}.result{font-size:1.6rem;font-weight:800;margin:.4rem 0}
@media (max-width:40rem){.game dt{float:none;width:auto}.game dd{margin-left:0}table{font-size:.85rem}td,th{padding:.2rem}}</style></head><body>
<h1>After-action report: ${esc(r.setup.title)}</h1>
<p>Rule set: ${esc(r.ruleset.title)} · ${r.inEffect.length} actions in effect · ${r.entries.length} log entries${wind ? ` · ${esc(wind.label)}` : ""}</p>
${
  facts.length
    ? `<p class="result" id="result">${esc(facts[0]?.[1] ?? "")}</p><dl class="game" id="game">${facts
        .slice(1)
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
        .join("")}</dl>`
    : ""
}
<h2>Actions</h2>
${entries.map((e) => `<h3>${esc(e.title)}</h3>${e.rows.length ? `<dl>${e.rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>` : ""}`).join("\n")}
<h2>Ships at the end</h2>
<table><tr><th>Ship</th><th>Side</th><th>Status</th><th>Log</th></tr>
${ships.map((s) => `<tr>${s.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("\n")}
</table></body></html>
`;
}
