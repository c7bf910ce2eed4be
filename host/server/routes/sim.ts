/**
 * Emulator controls (docs/reference/http-api.md), registered only when the table has emulated devices: tap a tag, roll a
 * die, pull or plug a device, read the servo's angle and the lights a die was shown, move a ship's model on the table.
 */
import { Type } from "@sinclair/typebox";
import { PNG } from "pngjs";
import type { CameraSetup } from "../../camera-sightings.ts";
import type { SimControls } from "../../devices.ts";
import { SimCameraFrameQuery, SimDeviceBody, SimLiftBody, SimMoveBody, SimPressBody, SimRollBody, SimTapBody } from "../schemas.ts";
import { fileReply, OkReply, refuse, replies, type TableApp } from "../typed-routes.ts";

const unavailable = (what: string): never =>
  refuse({ code: "sim.unavailable", message: `This table has no emulated ${what}.`, path: "" }, 404);

/** Runs a control; an emulator's refusal (unknown die …) is a 400 naming it. */
async function run(path: string, fn: () => Promise<unknown>): Promise<{ ok: true }> {
  try {
    await fn();
  } catch (e) {
    refuse({ code: "sim.refused", message: (e as Error).message, path }, 400);
  }
  return { ok: true };
}

/** A move's body the schema refused, as a 400 naming the ship (her name when the game has her) and the field. */
function refuseMove(
  body: unknown,
  error: { validation?: { instancePath: string; message?: string }[] },
  nameOf?: (id: string) => string | undefined,
): never {
  const id = typeof body === "object" && body !== null ? (body as { ship?: unknown }).ship : undefined;
  const v = error.validation?.[0];
  const field = v?.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
  const said =
    typeof body === "object" && body !== null && field in body ? ` ${JSON.stringify((body as Record<string, unknown>)[field])}` : "";
  const why = `her ${field}${said} ${v?.message ?? "is not valid"}`;
  const name = typeof id === "string" ? (nameOf?.(id) ?? id) : null;
  refuse({ code: "input.invalid", message: name ? `${name} was not moved: ${why}.` : `No ship was moved: ${why}.`, path: field }, 400);
}

const done = { response: replies({ 200: OkReply }) } as const;
/** The lights a die was shown, oldest first. */
const LightsReply = Type.Object(
  { ok: Type.Literal(true), lights: Type.Array(Type.Unknown(), { description: "Each light the die was shown, oldest first" }) },
  { additionalProperties: false },
);
const DialReply = Type.Object(
  {
    ok: Type.Literal(true),
    angle: Type.Union([Type.Number(), Type.Null()], { description: "The servo's angle, or null before its first turn" }),
  },
  { additionalProperties: false },
);
const DieIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

/** The demo camera's frame sizes (`/api/sim/camera-frame`): rendering is plain JS, about 0.2 s at 1280 × 720. */
const FRAME_WIDTH = { min: 320, max: 1920, default: 1280 } as const;
const FRAME_HEIGHT = { min: 240, max: 1080, default: 720 } as const;

/** A grey frame as an 8-bit greyscale PNG. */
export function greyPng(f: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }): Buffer {
  const png = new PNG({ width: f.width, height: f.height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

export async function simRoutes(
  app: TableApp,
  opts: { sim: SimControls; camera: () => CameraSetup; shipName?: (id: string) => string | undefined },
): Promise<void> {
  const { sim } = opts;
  /** The last frame's PNG, sent again (or a 304) while nothing on the table moved. */
  let lastPng: { key: string; png: Buffer } | null = null;
  app.get(
    "/api/sim/camera-frame",
    {
      schema: {
        querystring: SimCameraFrameQuery,
        response: replies({
          200: fileReply("image/png", "The demo camera's frame: an 8-bit grey PNG"),
          304: { description: "The frame has not changed since the one its ETag names", type: "null" },
        }),
      },
    },
    async (req, reply) => {
      const frame = sim.cameraFrame;
      if (!frame) return unavailable("table of models");
      const width = Number(req.query.width ?? FRAME_WIDTH.default);
      const height = Number(req.query.height ?? FRAME_HEIGHT.default);
      if (width < FRAME_WIDTH.min || width > FRAME_WIDTH.max || height < FRAME_HEIGHT.min || height > FRAME_HEIGHT.max) {
        return refuse(
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
  app.post("/api/sim/tap", { schema: { body: SimTapBody, ...done } }, async (req) =>
    sim.tap ? run("reader", () => sim.tap?.(req.body.reader, req.body.uid) ?? Promise.resolve()) : unavailable("readers"),
  );
  app.post("/api/sim/lift", { schema: { body: SimLiftBody, ...done } }, async (req) =>
    sim.lift ? run("reader", () => sim.lift?.(req.body.reader) ?? Promise.resolve()) : unavailable("readers"),
  );
  app.post("/api/sim/roll", { schema: { body: SimRollBody, ...done } }, async (req) =>
    sim.roll ? run("die", () => sim.roll?.(req.body.die, req.body.face) ?? Promise.resolve()) : unavailable("dice"),
  );
  app.post("/api/sim/press", { schema: { body: SimPressBody, ...done } }, async (req) =>
    sim.press ? run("command", () => sim.press?.(req.body.command) ?? Promise.resolve()) : unavailable("button pad"),
  );
  // a position the schema refuses (a heading "NaN", x "far") is refused naming the ship, so the player knows which model
  app.post("/api/sim/move", { schema: { body: SimMoveBody, ...done }, attachValidation: true }, async (req) => {
    if (req.validationError) refuseMove(req.body as unknown, req.validationError, opts.shipName);
    const { ship, x, y, heading } = req.body;
    return sim.move ? run("ship", () => sim.move?.(ship, x, y, heading) ?? Promise.resolve()) : unavailable("table of models");
  });
  for (const op of ["disconnect", "reconnect"] as const) {
    app.post(`/api/sim/${op}`, { schema: { body: SimDeviceBody, ...done } }, async (req) => {
      let found: boolean;
      try {
        found = await sim[op](req.body.device);
      } catch (e) {
        return refuse({ code: "sim.refused", message: (e as Error).message, path: "device" }, 400);
      }
      if (!found) return refuse({ code: "device.unknown", message: `No emulated device "${req.body.device}".`, path: "device" }, 404);
      return { ok: true as const };
    });
  }
  app.get("/api/sim/dice/:id/lights", { schema: { params: DieIdParams, response: replies({ 200: LightsReply }) } }, async (req) => {
    if (!sim.lights) return unavailable("dice");
    const lights = sim.lights(req.params.id);
    if (!lights) return refuse({ code: "device.unknown", message: `No emulated die "${req.params.id}".`, path: "id" }, 404);
    return { ok: true as const, lights };
  });
  app.get("/api/sim/dial", { schema: { response: replies({ 200: DialReply }) } }, async () =>
    sim.dialAngle ? { ok: true as const, angle: sim.dialAngle() } : unavailable("dial"),
  );
}
