/**
 * Adding devices from /devices (docs/reference/http-api.md): discovery of what is within reach, identifying a
 * found device (blink, tap, press, sweep), adding it (or replacing one) with an id, a name and a colour, removing
 * one, and the table's devices as a table file. Each change works at once and is kept in the game file.
 */
import { Type } from "@sinclair/typebox";
import type { TableRuntime } from "../../compose.ts";
import { IdParams } from "../schemas.ts";
import { fileReply, refuse, replies, StateReply, type TableApp } from "../typed-routes.ts";
import { stateReplySerializer } from "./live.ts";

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

const Origins = Type.Record(Type.String(), Type.Union([Type.Literal("file"), Type.Literal("added")]), {
  description: "Where each device of the table comes from: the table file, or added from /devices",
});
const SetupReply = Type.Object({ ok: Type.Literal(true), editable: Type.Boolean(), origins: Origins }, Strict);
/** A die's colour as a word and its label (devices/dice/colours.ts). */
const DieColour = Type.Object({ color: Type.String(), label: Type.String() }, Strict);
const Found = Type.Object(
  {
    key: Type.String({ description: "Stable while it stays in reach: ble:<address>, serial:<path>, hid:<path>" }),
    family: Type.Union(["dice", "readers", "pad", "dial"].map((f) => Type.Literal(f))),
    what: Type.String(),
    detail: Type.String(),
    rssi: Type.Optional(Type.Number()),
    entry: Type.Record(Type.String(), Type.Unknown(), { description: "The table file entry that would add it" }),
    onTable: Type.Optional(Type.String({ description: "The table device already using it" })),
    colors: Type.Optional(Type.Array(DieColour, { description: "For a die: the colours its family comes in" })),
    color: Type.Optional(DieColour),
  },
  Strict,
);
const Looked = Type.Object(
  { what: Type.Union(["bluetooth", "serial", "hid"].map((w) => Type.Literal(w))), ok: Type.Boolean(), said: Type.String() },
  Strict,
);
const DiscoverReply = Type.Object(
  { ok: Type.Literal(true), editable: Type.Boolean(), found: Type.Array(Found), looked: Type.Array(Looked) },
  Strict,
);
const IdentifyReply = Type.Object(
  {
    ok: Type.Literal(true),
    outcome: Type.Object(
      { ok: Type.Boolean(), said: Type.String(), uid: Type.Optional(Type.String()), button: Type.Optional(Type.Integer()) },
      Strict,
    ),
  },
  Strict,
);
const AddReply = Type.Composite([StateReply, Type.Object({ id: Type.String() })], Strict);

export async function deviceSetupRoutes(app: TableApp, opts: { table: TableRuntime }): Promise<void> {
  const { table } = opts;
  const setup = () => table.deviceSetup;
  const command = { serializerCompiler: stateReplySerializer };

  app.get("/api/devices/setup", { schema: { response: replies({ 200: SetupReply }) } }, async () => ({
    ok: true as const,
    editable: setup().editable,
    origins: setup().origins(),
  }));
  app.post("/api/devices/discover", { schema: { body: DiscoverBody, response: replies({ 200: DiscoverReply }) } }, async (req) => {
    const d = await setup().discover(req.body.seconds);
    return { ok: true as const, editable: setup().editable, ...d };
  });
  app.post("/api/devices/found/identify", { schema: { body: FoundBody, response: replies({ 200: IdentifyReply }) } }, async (req) => {
    const r = await setup().identify(req.body.key, req.body.seconds === undefined ? undefined : req.body.seconds * 1000);
    if (!r.ok) refuse(r.error);
    return { ok: true as const, outcome: r.value };
  });
  app.post("/api/devices", { schema: { body: AddDeviceBody, response: replies({ 200: AddReply }) }, ...command }, async (req) => {
    const r = await setup().add(req.body);
    if (!r.ok) refuse(r.error);
    return { ok: true as const, id: r.value.id, state: table.view() };
  });
  app.delete("/api/devices/:id", { schema: { params: IdParams, response: replies({ 200: StateReply }) }, ...command }, async (req) => {
    const r = await setup().remove(req.params.id);
    if (!r.ok) refuse(r.error);
    return { ok: true as const, state: table.view() };
  });
  app.get(
    "/api/devices/table-file",
    { schema: { response: replies({ 200: fileReply("text/yaml", "The table's devices as a table file's sections") }) } },
    async (_req, reply) =>
      reply
        .header("content-type", "text/yaml; charset=utf-8")
        .header("content-disposition", 'attachment; filename="devices.yaml"')
        .send(setup().exportTableFile()),
  );
}
