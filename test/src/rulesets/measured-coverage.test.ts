/**
 * Issue 29: for each rule set, every geometric field of every action is either measured from positions or listed in
 * docs/rules/<id>.md with the reason it is not. The geometric fields are listed here, from the texts (ranges, arcs,
 * rake, sides, radii, the windward line, headings, hexes, moves and paths).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

const GEOMETRIC: Readonly<Record<string, readonly string[]>> = {
  "sole-bay-1672": [
    "broadside.rangeInches",
    "broadside.rake",
    "broadside.broadside",
    "movement.enemyWithin12",
    "movement.strategic",
    "movement.windward",
    "movement.following",
    "movement.fullSail",
    "collision.noRoom",
    "explosion-hits.ships",
    "explosion-hits.radius",
  ],
  quickfire: [
    "gunnery.range",
    "gunnery.distance",
    "gunnery.arc",
    "quickfire-attack.range",
    "quickfire-attack.distance",
    "quickfire-attack.arc",
    "torpedo.sameArc",
    "torpedo.distances",
    "move.distance",
    "move.turn",
    "move.turns",
  ],
  "anglo-dutch-1666": [
    "fire.range",
    "fire.sternRake",
    "fire.downwind",
    "move.plot",
    "initiative.flagshipUnseen",
    "initiative.outOfCommand",
    "grapple.bothMoved",
  ],
  "wsim-battle-v3": [
    "fire.rangeHexes",
    "fire.broadside",
    "fire.rake",
    "fire.targetBroadside",
    "critical.rangeHexes",
    "leader-casualty.rangeHexes",
    "signal.pathHexes",
    "signal.legs",
    "plot.plot",
    "plot.follows",
    "collision.other",
  ],
  "age-of-sail": [
    "fire.rangeCm",
    "fire.side",
    "fire.battery",
    "speed.heading",
    "turn.to",
    "turn.movedCm",
    "catch-fire.rangeCm",
    "explosion-fire.ships",
  ],
};

describe("every geometric field is measured or documented", () => {
  for (const rs of RULE_SETS) {
    it(rs.id, () => {
      const docs = readFileSync(`docs/rules/${rs.id}.md`, "utf8");
      const section = docs.slice(docs.indexOf("## Measured from positions"));
      expect(docs).toContain("## Measured from positions");
      expect(rs.defaultBase).toBeDefined();
      for (const key of GEOMETRIC[rs.id] ?? []) {
        const [type = "", field = ""] = key.split(".");
        const m = rs.measures?.[type];
        const measured = m?.fields[field] !== undefined;
        const why = m?.unmeasured?.[field];
        expect(measured || why !== undefined, `${rs.id} ${key}: neither measured nor listed`).toBe(true);
        expect(
          rs.actions.find((a) => a.type === type),
          `${rs.id} has no action ${type}`,
        ).toBeDefined();
        expect(section, `docs/rules/${rs.id}.md lists ${key}`).toContain(`\`${key}\``);
        if (why) expect(section).toContain(why);
      }
      // and the docs list every field the rule set measures or declines to
      for (const [type, m] of Object.entries(rs.measures ?? {}))
        for (const field of [...Object.keys(m.fields), ...Object.keys(m.unmeasured ?? {})])
          expect(section).toContain(`\`${type}.${field}\``);
    });
  }
});
