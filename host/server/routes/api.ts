/** The table API (docs/reference/http-api.md): state, actions, dice, undo, ship logs, and the /control and /devices commands. */

import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { measureRequest } from "../../../src/game/engine.ts";
import { measuredFields } from "../../../src/game/measure.ts";
import type { TableRuntime } from "../../compose.ts";
import { identify } from "../../devices.ts";
import { dieNamer } from "../../session/dice-gather.ts";
import { LOG_PAGE_SIZE, logPage, shipLog } from "../../session/view.ts";
import { sendError, sendResult } from "../errors.ts";
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
import { TableViewSchema } from "../view-schema.ts";
import { viewSerializer } from "../view-serializer.ts";

export async function apiRoutes(app: FastifyInstance, opts: { table: TableRuntime }): Promise<void> {
  const { table } = opts;
  // the session is read per request: opening another game puts another session on the table
  const state = () => table.view();

  // the view's response schema is its one serialiser, shared with the live socket's state (view-serializer.ts)
  app.get("/api/state", { schema: { response: { 200: TableViewSchema } }, serializerCompiler: viewSerializer }, async () => state());
  // the /camera page's set-up (docs/reference/camera.md): the playing area and which marker is which ship
  app.get("/api/camera", async () => table.camera());

  app.post<{ Body: Static<typeof ActionBody> }>("/api/actions", { schema: { body: ActionBody } }, async (req, reply) => {
    const s = table.session;
    if (req.body.table === undefined) return sendResult(reply, s.send({ type: "start", action: req.body.action }), state);
    // positions (docs/reference/request-result.md): the geometric fields left out are measured; geometry that forbids the action refuses it
    const m = measureRequest(s.rs, s.state, req.body.action, req.body.table);
    if (!m.ok) return sendError(reply, m.error);
    const started = s.send({ type: "start", action: m.value.action });
    return started.ok ? reply.send({ ok: true, state: state(), ...measuredFields(m.value) }) : sendError(reply, started.error);
  });
  app.post<{ Body: Static<typeof DraftBody> }>("/api/draft", { schema: { body: DraftBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "edit", actionType: req.body.type, values: req.body.values ?? {} }), state),
  );
  app.post<{ Body: Static<typeof TapBody> }>("/api/tap", { schema: { body: TapBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "tap", ship: req.body.ship }), state),
  );
  app.post<{ Body: Static<typeof DiceBody> }>("/api/dice", { schema: { body: DiceBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "dice", values: req.body.values }), state),
  );
  app.post("/api/dice/software", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "software-roll" }), state),
  );
  app.post<{ Body: Static<typeof ChooseBody> }>("/api/choose", { schema: { body: ChooseBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "choose", value: req.body.value }), state),
  );
  app.post("/api/confirm", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "confirm" }), state),
  );
  app.post("/api/cancel", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "cancel" }), state),
  );
  app.post("/api/undo", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "undo" }), state),
  );
  app.post("/api/phase/next", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "next-phase" }), state),
  );

  app.get<{ Params: Static<typeof IdParams> }>("/api/ships/:id", { schema: { params: IdParams } }, async (req, reply) => {
    const s = table.session;
    const ship = s.rs.shipViews(s.state).find((v) => v.id === req.params.id);
    if (!ship) return sendError(reply, { code: "ship.unknown", message: `There is no ship "${req.params.id}".`, path: "id" }, 404);
    return { ok: true, ship, log: shipLog(s.records, ship.id) };
  });

  // the night's log: every result of the game, a page at a time, newest first, each with its dice and whose they were
  app.get<{ Querystring: Static<typeof LogQuery> }>("/api/log", { schema: { querystring: LogQuery } }, async (req) => ({
    ok: true,
    // each die by the name players read (the view's devices carry them)
    ...logPage(table.session, Number(req.query.page ?? 0), Number(req.query.size ?? LOG_PAGE_SIZE), dieNamer(table.view().devices)),
  }));

  app.post<{ Params: Static<typeof SideParams>; Body: Static<typeof PlayerBody> }>(
    "/api/players/:side",
    { schema: { params: SideParams, body: PlayerBody } },
    async (req, reply) => sendResult(reply, table.session.send({ type: "player", side: req.params.side, mode: req.body.mode }), state),
  );
  app.post<{ Body: Static<typeof BindingBody> }>("/api/bindings", { schema: { body: BindingBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "bind", binding: req.body }), state),
  );
  // set-up by touch: the next tag read goes to the ship, the next die rolled takes the binding
  app.post<{ Body: Static<typeof SetupTagBody> }>("/api/setup/tag", { schema: { body: SetupTagBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "assign", assigning: { kind: "tag", ship: req.body.ship } }), state),
  );
  // set-up by showing: the next ship marker the camera sees come into view goes to the ship (docs/camera.md)
  app.post<{ Body: Static<typeof SetupMarkerBody> }>("/api/setup/marker", { schema: { body: SetupMarkerBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "assign", assigning: { kind: "marker", ship: req.body.ship } }), state),
  );
  app.post<{ Body: Static<typeof SetupDieBody> }>("/api/setup/die", { schema: { body: SetupDieBody } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "assign", assigning: { kind: "die", binding: req.body } }), state),
  );
  app.post("/api/setup/stop", { schema: { body: EmptyBody } }, async (_req, reply) =>
    sendResult(reply, table.session.send({ type: "assign", assigning: null }), state),
  );
  app.delete<{ Params: Static<typeof DieParams> }>("/api/bindings/:die", { schema: { params: DieParams } }, async (req, reply) =>
    sendResult(reply, table.session.send({ type: "unbind", die: req.params.die }), state),
  );
  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof DeviceNameBody> }>(
    "/api/devices/:id/name",
    { schema: { params: IdParams, body: DeviceNameBody } },
    async (req, reply) => {
      if (!table.nameDevice(req.params.id, req.body.name.trim())) {
        return sendError(reply, { code: "device.unknown", message: `This table has no device "${req.params.id}".`, path: "id" });
      }
      return { ok: true, state: state() };
    },
  );
  app.post<{ Params: Static<typeof IdParams> }>(
    "/api/devices/:id/identify",
    { schema: { params: IdParams, body: EmptyBody } },
    async (req, reply) => {
      const done = await identify(table.devices, req.params.id);
      if (!done) return sendError(reply, { code: "device.unknown", message: `No device "${req.params.id}" can blink.`, path: "id" }, 404);
      return { ok: true };
    },
  );
}
