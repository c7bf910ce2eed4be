/**
 * Files a club member brings to set up a game from the browser (issue 12), checked before anything is saved:
 * `POST /api/rosters/parse {ruleset, format, text}` reads a CSV or YAML roster into fleet entries checked by the
 * rule set, or refuses it with every bad row by line and field (`roster.invalid`); `POST /api/table-files/check
 * {text}` loads a table file as `quarterdeck start --config` would and answers `{ok: true}` or its error by file,
 * line and key; `POST /api/data-files/check {ruleset, name, text}` reads a club's data file (a Quickfire chart, a WS&IM
 * base-game file, or sail(6)'s `globals.c`, converted) and answers what it read, or its error by line and key
 * (host/config/club-data.ts). None changes the table or the store.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { Type } from "@sinclair/typebox";
import type { Result, RulesError } from "../../../src/result.ts";
import { RULE_SETS, ruleSet } from "../../../src/rulesets/index.ts";
import { checkDataFile } from "../../config/club-data.ts";
import { parseDataText } from "../../config/data-file.ts";
import { loadTableFile, type TableSetup } from "../../config/load.ts";
import { checkRoster } from "../../config/roster-check.ts";
import { setupWarningsOf } from "../../config/setup-warnings.ts";
import { TEXT_BODY_LIMITS, TEXT_BYTES } from "../json-limits.ts";
import { OkReply, refuse, replies, type TableApp } from "../typed-routes.ts";

const Text = (description: string) => Type.String({ maxLength: TEXT_BYTES, description });

export const RosterBody = Type.Object(
  {
    ruleset: Type.String({ minLength: 1, maxLength: 100, description: "The rule set whose ship fields the roster gives" }),
    format: Type.Union([Type.Literal("csv"), Type.Literal("yaml")]),
    text: Text("The roster: CSV (side,id,name,tag,…fields) or YAML (a list of ships, or fleets: [{side, ships}])"),
  },
  { additionalProperties: false },
);

export const DataFileBody = Type.Object(
  {
    ruleset: Type.String({ minLength: 1, maxLength: 100, description: "The rule set the data file is for" }),
    name: Type.String({ minLength: 1, maxLength: 200, description: "The file's name: `globals.c` (any `.c`) is sail(6)'s, converted" }),
    text: Text("The data file: the rule set's YAML or JSON, or sail(6)'s globals.c"),
  },
  { additionalProperties: false },
);

export const TableFileBody = Type.Object(
  { text: Text("A table file (YAML) as `quarterdeck start --config` takes it") },
  { additionalProperties: false },
);

/** The name the checked text is called by in messages: what the person uploaded is a table file. */
const CHECKED_NAME = "table.yaml";

/** Keys of a table file that name other files. */
const FILE_KEYS = ["roster", "data", "club.ca", "club.cert", "club.key"] as const;

/**
 * A key naming a file outside the checked file's own folder (absolute, or climbing out with `..`): refused, so a
 * check from the browser never reads the host's files.
 */
function outsidePath(text: string): RulesError | null {
  const parsed = parseDataText(text, CHECKED_NAME);
  if (!parsed.ok) return null;
  const value = parsed.value.value as Record<string, unknown> | null;
  for (const key of FILE_KEYS) {
    const [top, sub] = key.split(".") as [string, string | undefined];
    const raw = sub === undefined ? value?.[top] : (value?.[top] as Record<string, unknown> | undefined)?.[sub];
    if (typeof raw === "string" && (isAbsolute(raw) || raw.split(/[\\/]/).includes(".."))) {
      const at = parsed.value.locate(key);
      return { code: "config.invalid", message: `${at}: name a file beside the table file, not ${raw}.`, path: at };
    }
  }
  return null;
}

/** Where a table file's text is checked: a folder of its own, so relative paths (roster, data) resolve inside it and fail cleanly. */
export function checkTableText(text: string): Result<TableSetup> {
  const outside = outsidePath(text);
  if (outside) return { ok: false, error: outside };
  const dir = mkdtempSync(join(tmpdir(), "qd-check-"));
  try {
    const file = join(dir, CHECKED_NAME);
    writeFileSync(file, text);
    const r = loadTableFile(file);
    if (r.ok) return r;
    // the temp folder means nothing to the person: name the file as they know it
    const plain = (s: string) => s.split(`${dir}/`).join("");
    return { ok: false, error: { ...r.error, message: plain(r.error.message), path: plain(r.error.path) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The refusal of a body naming a rule set this version does not have, with the ones it has. */
function unknownRuleSet(id: string): never {
  const known = RULE_SETS.map((r) => r.id).join(", ");
  return refuse({ code: "ruleset.unknown", message: `There is no rule set "${id}" (known: ${known}).`, path: "ruleset" });
}

/** A roster read: its ships as table file entries, and what it costs a side without being wrong. */
const RosterReply = Type.Object(
  {
    ok: Type.Literal(true),
    ships: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: "Each ship as a table file's entry (its tag too)" }),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
/** A data file read: the rule set's sections it gives. */
const DataFileReply = Type.Object(
  {
    ok: Type.Literal(true),
    ruleset: Type.String(),
    name: Type.String(),
    format: Type.String(),
    sections: Type.Array(Type.Unknown(), { description: "The rule set's sections the file gives" }),
  },
  { additionalProperties: false },
);

export async function setupFileRoutes(app: TableApp): Promise<void> {
  const long = { bodyLimit: TEXT_BODY_LIMITS.bodyBytes, config: { jsonLimits: TEXT_BODY_LIMITS } };
  app.post("/api/rosters/parse", { ...long, schema: { body: RosterBody, response: replies({ 200: RosterReply }) } }, async (req) => {
    const rs = ruleSet(req.body.ruleset);
    if (!rs) return unknownRuleSet(req.body.ruleset);
    const r = checkRoster(rs, req.body.format, req.body.text);
    if (!r.ok) return refuse(r.error, 400);
    // what the roster costs a side without being wrong (a 1666 squadron with no flagship), said beside its ships
    const warnings = setupWarningsOf(rs, { ships: r.value.map(({ tag: _tag, ...ship }) => ship) });
    return { ok: true as const, ships: r.value, warnings };
  });
  app.post("/api/data-files/check", { ...long, schema: { body: DataFileBody, response: replies({ 200: DataFileReply }) } }, async (req) => {
    const rs = ruleSet(req.body.ruleset);
    if (!rs) return unknownRuleSet(req.body.ruleset);
    const r = checkDataFile(rs, req.body.name, req.body.text);
    if (!r.ok) return refuse(r.error);
    return { ok: true as const, ruleset: rs.id, name: r.value.name, format: r.value.format, sections: r.value.sections };
  });
  app.post("/api/table-files/check", { ...long, schema: { body: TableFileBody, response: replies({ 200: OkReply }) } }, async (req) => {
    const r = checkTableText(req.body.text);
    if (!r.ok) return refuse(r.error);
    return { ok: true as const };
  });
}
