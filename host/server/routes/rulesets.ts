/**
 * `GET /api/rulesets` (issue 12): what the new-game page builds its steps from — each rule set's id, title,
 * description, settings, its dice in words (roles and colours, for binding a die), the fields of the starting wind (its `set-wind` action's), the fields of a ship's set-up (labels, choices, bounds, defaults: the same as
 * `quarterdeck rulesets --json` gives) and the bundled scenarios played with it (id, title, ships by side).
 */
import { Type } from "@sinclair/typebox";
import { baseSizeOf } from "../../../src/game/ship-base.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { loadScenario } from "../../config/load.ts";
import { scenarioNames } from "../../config/scenario.ts";
import { replies, type TableApp } from "../typed-routes.ts";

const Field = Type.Object(
  {
    name: Type.String(),
    label: Type.String(),
    type: Type.String(),
    values: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]))),
    valueLabels: Type.Optional(Type.Record(Type.String(), Type.String(), { description: "What players call each value, by the value" })),
    default: Type.Optional(Type.Unknown()),
    optional: Type.Optional(Type.Boolean()),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

const Described = (key: "role" | "color") =>
  Type.Object({ [key]: Type.String(), label: Type.String(), words: Type.String() }, { additionalProperties: false });

/** The rule set's dice in words (src/dice/roles.ts): what a die may be bound to. */
const Dice = Type.Object(
  {
    roles: Type.Array(Described("role"), { description: "The roles its dice play, each with a label and when it is rolled" }),
    colors: Type.Array(Described("color"), { description: "The colours its rules tell dice apart by; none: any die will do" }),
  },
  { additionalProperties: false },
);

const Scenario = Type.Object({
  id: Type.String(),
  title: Type.String(),
  sides: Type.Array(Type.Object({ side: Type.String(), ships: Type.Integer() })),
});

export const RuleSetsReply = Type.Object({
  ok: Type.Literal(true),
  rulesets: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      description: Type.String(),
      settings: Type.Array(Type.Unknown()),
      ship: Type.Array(Field, { description: "The fields of a ship's set-up, after side, id, name and tag" }),
      wind: Type.Array(Field, { description: "The fields of the starting wind (the rule set's set-wind action); none: no wind" }),
      dice: Dice,
      scenarios: Type.Array(Scenario, { description: "Bundled scenarios played with this rule set" }),
      dataFile: Type.Union([Type.String(), Type.Null()], { description: "What a club's data file for it holds; null: it takes none" }),
      defaultBase: Type.Object(
        { width: Type.Number(), length: Type.Number() },
        { description: "The base (mm) a ship stands on when her set-up gives none" },
      ),
    }),
  ),
});

/**
 * The bundled scenarios by rule set: read on the first request and kept (five files read and checked; not at start,
 * where they cost ~10 ms of a start of ~400). A broken one is a 500 naming it; the suite loads every one.
 */
function scenariosByRuleSet(): Map<string, { id: string; title: string; sides: { side: string; ships: number }[] }[]> {
  const out = new Map<string, { id: string; title: string; sides: { side: string; ships: number }[] }[]>();
  for (const id of scenarioNames()) {
    const sc = loadScenario(id);
    if (!sc.ok) throw new Error(`the bundled scenario ${id} does not load: ${sc.error.message}`);
    const sides = [...new Set(sc.value.start.ships.map((s) => String(s.side)))].map((side) => ({
      side,
      ships: sc.value.start.ships.filter((s) => String(s.side) === side).length,
    }));
    const list = out.get(sc.value.ruleset.id) ?? [];
    list.push({ id, title: sc.value.title, sides });
    out.set(sc.value.ruleset.id, list);
  }
  return out;
}

function ruleSetsReply() {
  const scenarios = scenariosByRuleSet();
  return {
    ok: true as const,
    rulesets: RULE_SETS.map((rs) => ({
      id: rs.id,
      title: rs.title,
      description: rs.description,
      settings: [...rs.settings],
      ship: [...(rs.shipFields ?? [])],
      wind: [...(rs.actions.find((a) => a.type === "set-wind")?.fields ?? [])],
      dice: rs.dice,
      scenarios: scenarios.get(rs.id) ?? [],
      dataFile: rs.dataFile?.description ?? null,
      defaultBase: { ...baseSizeOf({}, rs.defaultBase) },
    })),
  };
}

export async function ruleSetRoutes(app: TableApp): Promise<void> {
  let reply: ReturnType<typeof ruleSetsReply> | undefined;
  app.get("/api/rulesets", { schema: { response: replies({ 200: RuleSetsReply }) } }, async () => {
    reply ??= ruleSetsReply();
    return reply;
  });
}
