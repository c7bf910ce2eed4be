/**
 * Emulator controls (docs/reference/http-api.md), registered only when the table has emulated devices: tap a tag, roll a
 * die, pull or plug a device, read the servo's angle and the lights a die was shown, move a ship's model on the table.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { SimControls } from "../../devices.ts";
import { sendError } from "../errors.ts";
import { SimDeviceBody, SimLiftBody, SimMoveBody, SimPressBody, SimRollBody, SimTapBody } from "../schemas.ts";

const unavailable = (reply: FastifyReply, what: string) =>
  sendError(reply, { code: "sim.unavailable", message: `This table has no emulated ${what}.`, path: "" }, 404);

/** Runs a control; an emulator's refusal (unknown die …) is a 400 naming it. */
async function run(reply: FastifyReply, path: string, fn: () => Promise<unknown>): Promise<FastifyReply> {
  try {
    await fn();
    return reply.send({ ok: true });
  } catch (e) {
    return sendError(reply, { code: "sim.refused", message: (e as Error).message, path }, 400);
  }
}

export async function simRoutes(app: FastifyInstance, opts: { sim: SimControls }): Promise<void> {
  const { sim } = opts;
  app.post<{ Body: Static<typeof SimTapBody> }>("/api/sim/tap", { schema: { body: SimTapBody } }, async (req, reply) =>
    sim.tap ? run(reply, "reader", () => sim.tap?.(req.body.reader, req.body.uid) ?? Promise.resolve()) : unavailable(reply, "readers"),
  );
  app.post<{ Body: Static<typeof SimLiftBody> }>("/api/sim/lift", { schema: { body: SimLiftBody } }, async (req, reply) =>
    sim.lift ? run(reply, "reader", () => sim.lift?.(req.body.reader) ?? Promise.resolve()) : unavailable(reply, "readers"),
  );
  app.post<{ Body: Static<typeof SimRollBody> }>("/api/sim/roll", { schema: { body: SimRollBody } }, async (req, reply) =>
    sim.roll ? run(reply, "die", () => sim.roll?.(req.body.die, req.body.face) ?? Promise.resolve()) : unavailable(reply, "dice"),
  );
  app.post<{ Body: Static<typeof SimPressBody> }>("/api/sim/press", { schema: { body: SimPressBody } }, async (req, reply) =>
    sim.press ? run(reply, "command", () => sim.press?.(req.body.command) ?? Promise.resolve()) : unavailable(reply, "button pad"),
  );
  app.post<{ Body: Static<typeof SimMoveBody> }>("/api/sim/move", { schema: { body: SimMoveBody } }, async (req, reply) => {
    const { ship, x, y, heading } = req.body;
    return sim.move
      ? run(reply, "ship", () => sim.move?.(ship, x, y, heading) ?? Promise.resolve())
      : unavailable(reply, "table of models");
  });
  for (const op of ["disconnect", "reconnect"] as const) {
    app.post<{ Body: Static<typeof SimDeviceBody> }>(`/api/sim/${op}`, { schema: { body: SimDeviceBody } }, async (req, reply) => {
      let found: boolean;
      try {
        found = await sim[op](req.body.device);
      } catch (e) {
        return sendError(reply, { code: "sim.refused", message: (e as Error).message, path: "device" }, 400);
      }
      if (!found)
        return sendError(reply, { code: "device.unknown", message: `No emulated device "${req.body.device}".`, path: "device" }, 404);
      return { ok: true };
    });
  }
  app.get<{ Params: { id: string } }>("/api/sim/dice/:id/lights", async (req, reply) => {
    if (!sim.lights) return unavailable(reply, "dice");
    const lights = sim.lights(req.params.id);
    if (!lights) return sendError(reply, { code: "device.unknown", message: `No emulated die "${req.params.id}".`, path: "id" }, 404);
    return reply.send({ ok: true, lights });
  });
  app.get("/api/sim/dial", async (_req, reply) =>
    sim.dialAngle ? reply.send({ ok: true, angle: sim.dialAngle() }) : unavailable(reply, "dial"),
  );
}
