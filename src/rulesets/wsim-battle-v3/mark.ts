/** wsim-battle-v3: marking (or clearing) boxes of a section of the ship log by hand. */

import { Type } from "@sinclair/typebox";
import { resolution } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import { fail, ok } from "../../result.ts";
import { liveShip, shipEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { SECTION_WORDS } from "./outcome-facts.ts";
import type { Ship } from "./state.ts";
import { markSentence } from "./views.ts";

const SECTIONS = ["hull", "gunsLeft", "gunsRight", "crew1", "crew2", "crew3", "rigging1", "rigging2", "rigging3", "rigging4"] as const;

export const mark = wsimAction({
  type: "mark",
  outcomeSchema: outcomeOf({ section: fact.word("Section", SECTION_WORDS), boxes: fact.count("Boxes marked") }),
  title: "Mark the log",
  description: "Mark (or with a negative number clear) boxes of a section of the ship log.",
  schema: actionSchema("mark", {
    ship: shipField("Ship"),
    section: literals(SECTIONS, { label: "Section" }),
    boxes: Type.Integer({ label: "Boxes" }),
  }),
  prepare: ({ state, action: a }) => liveShip(state, a.ship, "ship"),
  plan: () => ok([]),
  resolve({ action: a, prepared: ship }) {
    const sec = a.section;
    const bump = <T extends { boxes: number; marked: number }>(t: T): T => ({
      ...t,
      marked: Math.min(t.boxes, Math.max(0, t.marked + a.boxes)),
    });
    const no = fail("rules.illegal", `${ship.name} has no ${sec} section on its log.`, "action.section");
    let set: Partial<Ship>;
    if (sec === "hull" || sec === "gunsLeft" || sec === "gunsRight") {
      const t = ship[sec];
      if (!t) return no;
      set = { [sec]: bump(t) };
    } else {
      const list = sec.startsWith("crew") ? ship.crewSections : ship.rigging;
      const i = Number(sec.slice(-1)) - 1;
      if (!list?.[i]) return no;
      const updated = list.map((t, k) => (k === i ? bump(t) : t));
      set = sec.startsWith("crew") ? { crewSections: updated as Ship["crewSections"] } : { rigging: updated };
    }
    return resolution({ section: sec, boxes: a.boxes }, [shipEvent("log-marked", ship, set)]);
  },
  describe: ({ state, action }) => markSentence(state, action),
});
