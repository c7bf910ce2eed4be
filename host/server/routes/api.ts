/** The table API (docs/reference/http-api.md): state, actions, dice, undo, ship logs, and the /control and /devices commands. */

import { Type } from "@sinclair/typebox";
import { measureRequest } from "../../../src/game/engine.ts";
import { measuredFields } from "../../../src/game/measure.ts";
import type { TableRuntime } from "../../compose.ts";
import { identify } from "../../devices.ts";
import { dieNamer } from "../../session/dice-gather.ts";
import type { SessionInput } from "../../session/session-types.ts";
import { LOG_PAGE_SIZE, logPage, shipLog } from "../../session/view.ts";
import {
  ActionBody,
  BindingBody,
  ChooseBody,
  DeviceNameBody,
  DiceBody,
  DieParams,
  DraftBody,
  EmptyBody,
  IdParams,
  LogQuery,
  PlayerBody,
  SetupDieBody,
  SetupMarkerBody,
  SetupTagBody,
  SideParams,
  TapBody,
} from "../schemas.ts";
import { OkReply, refuse, replies, StateReply, stateAfter, type TableApp, TableViewRef } from "../typed-routes.ts";
import { LogPageSchema, ShipLogEntrySchema } from "../view/result.ts";
import { ShipViewSchema } from "../view/ships.ts";
import { stateReplySerializer, viewSerializer } from "./live.ts";

/** The /camera page's set-up: the playing area, and which marker is which ship. */
const CameraReply = Type.Object(
  {
    area: Type.Object({ width: Type.Number(), height: Type.Number() }, { additionalProperties: false }),
    ships: Type.Array(Type.Object({ marker: Type.Integer(), ship: Type.String(), name: Type.String() }, { additionalProperties: false })),
    unmarked: Type.Array(Type.Object({ ship: Type.String(), name: Type.String() }, { additionalProperties: false }), {
      description: "Ships with no marker yet: theirs by roster order went to another ship at the table",
    }),
  },
  { additionalProperties: false },
);

/** `POST /api/actions`: the state, and with positions what was measured (docs/reference/request-result.md). */
const ActionReply = Type.Object(
  {
    ok: Type.Literal(true),
    state: TableViewRef,
    measured: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "The geometric fields measured" })),
    figures: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "Each measured field's figure in words" })),
    overridden: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "Fields a person's value overrode" })),
    borderline: Type.Optional(Type.Array(Type.Unknown(), { description: "Readings near a threshold" })),
  },
  { additionalProperties: false },
);

const ShipReply = Type.Object(
  { ok: Type.Literal(true), ship: Type.Omit(ShipViewSchema, ["tags"]), log: Type.Array(ShipLogEntrySchema) },
  { additionalProperties: false },
);

const LogReply = Type.Composite([Type.Object({ ok: Type.Literal(true) }), LogPageSchema], { additionalProperties: false });

/** The routes that reply the state after a session command: its one serialiser writes it. */
const withState = { response: replies({ 200: StateReply }) } as const;

export async function apiRoutes(app: TableApp, opts: { table: TableRuntime }): Promise<void> {
  const { table } = opts;
  // the session is read per request: opening another game puts another session on the table
  const state = () => table.view();
  const send = (input: SessionInput) => stateAfter(table.session.send(input), state);
  const command = { serializerCompiler: stateReplySerializer };

  // the view's response schema is its one serialiser, shared with the live socket's state (routes/live.ts)
  app.get("/api/state", { schema: { response: replies({ 200: TableViewRef }) }, serializerCompiler: viewSerializer }, async () => state());
  // the /camera page's set-up (docs/reference/camera.md): the playing area and which marker is which ship
  app.get("/api/camera", { schema: { response: replies({ 200: CameraReply }) } }, async () => table.camera());

  app.post("/api/actions", { schema: { body: ActionBody, response: replies({ 200: ActionReply }) }, ...command }, async (req) => {
    const s = table.session;
    if (req.body.table === undefined) return send({ type: "start", action: req.body.action });
    // positions (docs/reference/request-result.md): the geometric fields left out are measured; geometry that forbids the action refuses it
    const m = measureRequest(s.rs, s.state, req.body.action, req.body.table);
    if (!m.ok) refuse(m.error);
    return { ...send({ type: "start", action: m.value.action }), ...measuredFields(m.value) };
  });
  app.post("/api/draft", { schema: { body: DraftBody, ...withState }, ...command }, async (req) =>
    send({ type: "edit", actionType: req.body.type, values: req.body.values ?? {} }),
  );
  app.post("/api/tap", { schema: { body: TapBody, ...withState }, ...command }, async (req) => send({ type: "tap", ship: req.body.ship }));
  app.post("/api/dice", { schema: { body: DiceBody, ...withState }, ...command }, async (req) =>
    send({ type: "dice", values: req.body.values }),
  );
  app.post("/api/dice/software", { schema: { body: EmptyBody, ...withState }, ...command }, async () => send({ type: "software-roll" }));
  app.post("/api/choose", { schema: { body: ChooseBody, ...withState }, ...command }, async (req) =>
    send({ type: "choose", value: req.body.value }),
  );
  app.post("/api/confirm", { schema: { body: EmptyBody, ...withState }, ...command }, async () => send({ type: "confirm" }));
  app.post("/api/cancel", { schema: { body: EmptyBody, ...withState }, ...command }, async () => send({ type: "cancel" }));
  app.post("/api/undo", { schema: { body: EmptyBody, ...withState }, ...command }, async () => send({ type: "undo" }));
  app.post("/api/phase/next", { schema: { body: EmptyBody, ...withState }, ...command }, async () => send({ type: "next-phase" }));

  app.get("/api/ships/:id", { schema: { params: IdParams, response: replies({ 200: ShipReply }) } }, async (req) => {
    const s = table.session;
    const ship = s.rs.shipViews(s.state).find((v) => v.id === req.params.id);
    if (!ship) refuse({ code: "ship.unknown", message: `There is no ship "${req.params.id}".`, path: "id" }, 404);
    return { ok: true as const, ship, log: shipLog(s.records, ship.id) };
  });

  // the night's log: every result of the game, a page at a time, newest first, each with its dice and whose they were
  app.get("/api/log", { schema: { querystring: LogQuery, response: replies({ 200: LogReply }) } }, async (req) => ({
    ok: true as const,
    // each die by the name players read (the view's devices carry them)
    ...logPage(table.session, Number(req.query.page ?? 0), Number(req.query.size ?? LOG_PAGE_SIZE), dieNamer(table.view().devices)),
  }));

  app.post("/api/players/:side", { schema: { params: SideParams, body: PlayerBody, ...withState }, ...command }, async (req) =>
    send({ type: "player", side: req.params.side, mode: req.body.mode }),
  );
  app.post("/api/bindings", { schema: { body: BindingBody, ...withState }, ...command }, async (req) =>
    send({ type: "bind", binding: req.body }),
  );
  // set-up by touch: the next tag read goes to the ship, the next die rolled takes the binding
  app.post("/api/setup/tag", { schema: { body: SetupTagBody, ...withState }, ...command }, async (req) =>
    send({ type: "assign", assigning: { kind: "tag", ship: req.body.ship } }),
  );
  // set-up by showing: the next ship marker the camera sees come into view goes to the ship (docs/camera.md)
  app.post("/api/setup/marker", { schema: { body: SetupMarkerBody, ...withState }, ...command }, async (req) =>
    send({ type: "assign", assigning: { kind: "marker", ship: req.body.ship } }),
  );
  app.post("/api/setup/die", { schema: { body: SetupDieBody, ...withState }, ...command }, async (req) =>
    send({ type: "assign", assigning: { kind: "die", binding: req.body } }),
  );
  app.post("/api/setup/stop", { schema: { body: EmptyBody, ...withState }, ...command }, async () =>
    send({ type: "assign", assigning: null }),
  );
  app.delete("/api/bindings/:die", { schema: { params: DieParams, ...withState }, ...command }, async (req) =>
    send({ type: "unbind", die: req.params.die }),
  );
  app.put("/api/devices/:id/name", { schema: { params: IdParams, body: DeviceNameBody, ...withState }, ...command }, async (req) => {
    if (!table.nameDevice(req.params.id, req.body.name.trim())) {
      refuse({ code: "device.unknown", message: `This table has no device "${req.params.id}".`, path: "id" });
    }
    return { ok: true as const, state: state() };
  });
  app.post(
    "/api/devices/:id/identify",
    { schema: { params: IdParams, body: EmptyBody, response: replies({ 200: OkReply }) } },
    async (req) => {
      const done = await identify(table.devices, req.params.id);
      if (!done) refuse({ code: "device.unknown", message: `No device "${req.params.id}" can blink.`, path: "id" }, 404);
      return { ok: true as const };
    },
  );
}
