/**
 * The pages' files (scripts, style sheets) under a prefix: fastify-static's `sendFile` on a route of our own, so the
 * route has its reply's schema like every route (fastify-static's own route has none). The table's `/static/` and
 * the club board's `/club/static/` are served by it.
 */
import fastifyStatic from "@fastify/static";
import { Type } from "@sinclair/typebox";
import { errorHandler } from "./errors.ts";
import { fileReply, replies, type TableApp } from "./typed-routes.ts";

/** Serves the files under `root` at `prefix` (`/static/`), the route hidden from the OpenAPI document. */
export async function staticFiles(app: TableApp, root: string, prefix: string, description: string): Promise<void> {
  await app.register(fastifyStatic, { root, serve: false, index: false });
  app.get(
    `${prefix}*`,
    {
      schema: {
        hide: true,
        params: Type.Object({ "*": Type.String() }),
        response: replies({ 200: fileReply("application/octet-stream", description) }),
      },
      // a client gone mid-file is not the host's failure (as fastify-static's own route has it)
      errorHandler: (error, req, reply) =>
        (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE" ? reply.request.raw.destroy() : errorHandler(error, req, reply),
    },
    async (req, reply) => reply.sendFile(req.params["*"]),
  );
}
