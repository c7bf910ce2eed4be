/**
 * Emulator controls (docs/reference/http-api.md), registered only when the table has emulated devices: tap a tag, roll a
 * die, pull or plug a device, read the servo's angle and the lights a die was shown, move a ship's model on the table.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { PNG } from "pngjs";
import type { CameraSetup } from "../../camera-sightings.ts";
import type { SimControls } from "../../devices.ts";
import { sendError } from "../errors.ts";
import { SimCameraFrameQuery, SimDeviceBody, SimLiftBody, SimMoveBody, SimPressBody, SimRollBody, SimTapBody } from "../schemas.ts";

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

/** The demo camera's frame sizes (`/api/sim/camera-frame`): rendering is plain JS, about 0.2 s at 1280 × 720. */
const FRAME_WIDTH = { min: 320, max: 1920, default: 1280 } as const;
const FRAME_HEIGHT = { min: 240, max: 1080, default: 720 } as const;

/** A grey frame as an 8-bit greyscale PNG. */
export function greyPng(f: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }): Buffer {
  const png = new PNG({ width: f.width, height: f.height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

export async function simRoutes(app: FastifyInstance, opts: { sim: SimControls; camera: () => CameraSetup }): Promise<void> {
  const { sim } = opts;
  /** The last frame's PNG, sent again (or a 304) while nothing on the table moved. */
  let lastPng: { key: string; png: Buffer } | null = null;
  app.get<{ Querystring: Static<typeof SimCameraFrameQuery> }>(
    "/api/sim/camera-frame",
    { schema: { querystring: SimCameraFrameQuery } },
    async (req, reply) => {
      const frame = sim.cameraFrame;
      if (!frame) return unavailable(reply, "table of models");
      const width = Number(req.query.width ?? FRAME_WIDTH.default);
      const height = Number(req.query.height ?? FRAME_HEIGHT.default);
      if (width < FRAME_WIDTH.min || width > FRAME_WIDTH.max || height < FRAME_HEIGHT.min || height > FRAME_HEIGHT.max) {
        return sendError(
          reply,
          {
            code: "input.invalid",
            message: `A frame is ${FRAME_WIDTH.min}–${FRAME_WIDTH.max} pixels across and ${FRAME_HEIGHT.min}–${FRAME_HEIGHT.max} down.`,
            path: "width",
          },
          400,
        );
      }
      const setup = opts.camera();
      const f = await frame({ area: setup.area, ships: setup.ships.map((s) => ({ ship: s.ship, marker: s.marker })), width, height });
      const key = `"${f.version}-${width}x${height}"`;
      reply.header("etag", key).header("cache-control", "no-cache").header("x-frame-version", String(f.version));
      if (req.headers["if-none-match"] === key) return reply.code(304).send();
      if (lastPng?.key !== key) lastPng = { key, png: greyPng(f) };
      return reply.type("image/png").send(lastPng.png);
    },
  );
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
