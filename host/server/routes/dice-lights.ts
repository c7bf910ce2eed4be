/**
 * `GET /api/dice-lights`, `PUT /api/dice-lights {on}` (docs/devices-dice.md, "Dice that answer back"): whether the
 * table's electronic dice answer back (results, the glow, a low battery). Set here, it is kept with the table (the
 * game file's table settings) and wins over the table file's `display.diceLights`; until then the table file decides.
 */
import { Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { DICE_LIGHTS_SETTING, diceLightsOn } from "../../dice-lights.ts";
import { replies, type TableApp } from "../typed-routes.ts";

const DiceLightsBody = Type.Object(
  { on: Type.Boolean({ description: "true: the dice answer back; false: they stay dark" }) },
  { additionalProperties: false },
);
const DiceLightsReply = Type.Object({
  ok: Type.Literal(true),
  on: Type.Boolean(),
  from: Type.Union([Type.Literal("table"), Type.Literal("table-file")], {
    description: "`table`: set from the browser and kept with the table; `table-file`: the table file's display.diceLights (absent: on)",
  }),
});

export async function diceLightsRoutes(app: TableApp, opts: { readonly table: TableRuntime }): Promise<void> {
  const { table } = opts;
  const reply = () => {
    const kept = table.store.setting(DICE_LIGHTS_SETTING);
    return {
      ok: true as const,
      on: diceLightsOn(kept, table.session.setup.display),
      from: kept === null ? ("table-file" as const) : ("table" as const),
    };
  };
  app.get("/api/dice-lights", { schema: { response: replies({ 200: DiceLightsReply }) } }, async () => reply());
  app.put("/api/dice-lights", { schema: { body: DiceLightsBody, response: replies({ 200: DiceLightsReply }) } }, async (req) => {
    table.store.setSetting(DICE_LIGHTS_SETTING, req.body.on ? "on" : "off");
    return reply();
  });
}
