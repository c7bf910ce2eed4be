import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { lazyCompilers } from "../../../host/server/lazy-compilers.ts";
import { for200 } from "../../../host/server/routes/live.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const body = {
  type: "object",
  properties: { ship: { type: "string", minLength: 1 }, guns: { type: "integer", default: 2 } },
  required: ["ship"],
  additionalProperties: false,
} as const;
const reply = { 200: { type: "object", properties: { ship: { type: "string" }, guns: { type: "integer" } } } } as const;

/** A server with one route, with fastify's default compilers or the lazy ones. */
async function server(lazy: boolean, schema: object = { body, response: reply }): Promise<FastifyInstance> {
  const app = Fastify(lazy ? { schemaController: { compilersFactory: lazyCompilers() } } : {});
  apps.push(app);
  app.post("/fire", { schema }, async (req) => ({ ...(req.body as object), secret: "not in the reply schema" }));
  await app.ready();
  return app;
}

describe("lazy schema compilers", () => {
  it("validate and serialise exactly as fastify's own: defaults, refusals and their messages, reply fields", async () => {
    const cases = [{ ship: "Royal James" }, { ship: "" }, { guns: 3 }, { ship: "Eendracht", guns: "many" }, { ship: "x", oars: 1 }];
    const eager = await server(false);
    const lazy = await server(true);
    for (const payload of cases) {
      for (let i = 0; i < 2; i++) {
        const a = await eager.inject({ method: "POST", url: "/fire", payload });
        const b = await lazy.inject({ method: "POST", url: "/fire", payload });
        expect({ status: b.statusCode, body: b.json() }).toEqual({ status: a.statusCode, body: a.json() });
      }
    }
    const ok = await lazy.inject({ method: "POST", url: "/fire", payload: { ship: "Royal James" } });
    expect(ok.json()).toEqual({ ship: "Royal James", guns: 2 });
  });

  it("compile a route's schema on its first request, not at start", async () => {
    // a reference to nowhere: fastify's own compilers refuse it at start; the lazy ones on the route's first call
    const broken = { body: { type: "object", properties: { ship: { $ref: "#/nowhere" } } } };
    await expect(server(false, broken)).rejects.toThrow(/nowhere/);
    const app = await server(true, broken);
    const res = await app.inject({ method: "POST", url: "/fire", payload: { ship: "x" } });
    expect(res.statusCode).toBe(500);
  });

  it("a route with its own 200 serialiser (for200) compiles its error replies on the first one, not at start", async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazyCompilers() } });
    apps.push(app);
    // an error reply's schema naming nowhere: compiling it at start would refuse the app
    const response = { 200: reply[200], 409: { type: "object", properties: { why: { $ref: "#/nowhere" } } } };
    app.get("/ship", { schema: { response }, serializerCompiler: for200(JSON.stringify) }, async (req, res) =>
      (req.query as { clash?: string }).clash ? res.code(409).send({ why: "x" }) : { ship: "Royal James", guns: 2 },
    );
    await app.ready();
    expect((await app.inject({ url: "/ship" })).json()).toEqual({ ship: "Royal James", guns: 2 });
    expect((await app.inject({ url: "/ship?clash=1" })).statusCode).toBe(500);
  });
});
