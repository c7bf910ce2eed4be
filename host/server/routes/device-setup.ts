/**
 * Adding devices from /devices (docs/reference/http-api.md): discovery of what is within reach, identifying a
 * found device (blink, tap, press, sweep), adding it (or replacing one) with an id, a name and a colour, removing
 * one, and the table's devices as a table file. Each change works at once and is kept in the game file.
 */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { TableRuntime } from "../../compose.ts";
import { sendError } from "../errors.ts";
import { IdParams } from "../schemas.ts";

const Strict = { additionalProperties: false } as const;
const Key = Type.String({ minLength: 1, maxLength: 300 });
const TableId = Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$" });

export const DiscoverBody = Type.Object({ seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 15 })) }, Strict);
export const FoundBody = Type.Object({ key: Key, seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })) }, Strict);
export const AddDeviceBody = Type.Object(
  {
    key: Key,
    id: Type.Optional(TableId),
    name: Type.Optional(Type.String({ maxLength: 40 })),
    color: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: "^[a-z][a-z -]*$" })),
    replaces: Type.Optional(TableId),
  },
  Strict,
);

export async function deviceSetupRoutes(app: FastifyInstance, opts: { table: TableRuntime }): Promise<void> {
  const { table } = opts;
  const setup = () => table.deviceSetup;

  app.get("/api/devices/setup", async () => ({ ok: true, editable: setup().editable, origins: setup().origins() }));
  app.post<{ Body: Static<typeof DiscoverBody> }>("/api/devices/discover", { schema: { body: DiscoverBody } }, async (req) => {
    const d = await setup().discover(req.body.seconds);
    return { ok: true, editable: setup().editable, ...d };
  });
  app.post<{ Body: Static<typeof FoundBody> }>("/api/devices/found/identify", { schema: { body: FoundBody } }, async (req, reply) => {
    const r = await setup().identify(req.body.key, req.body.seconds === undefined ? undefined : req.body.seconds * 1000);
    return r.ok ? { ok: true, outcome: r.value } : sendError(reply, r.error);
  });
  app.post<{ Body: Static<typeof AddDeviceBody> }>("/api/devices", { schema: { body: AddDeviceBody } }, async (req, reply) => {
    const r = await setup().add(req.body);
    return r.ok ? { ok: true, id: r.value.id, state: table.view() } : sendError(reply, r.error);
  });
  app.delete<{ Params: Static<typeof IdParams> }>("/api/devices/:id", { schema: { params: IdParams } }, async (req, reply) => {
    const r = await setup().remove(req.params.id);
    return r.ok ? { ok: true, state: table.view() } : sendError(reply, r.error);
  });
  app.get("/api/devices/table-file", async (_req, reply) =>
    reply
      .header("content-type", "text/yaml; charset=utf-8")
      .header("content-disposition", 'attachment; filename="devices.yaml"')
      .send(setup().exportTableFile()),
  );
}
