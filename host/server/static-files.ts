/**
 * The pages' files (scripts, style sheets, images under host/public) sent from disk by @fastify/send — the sender
 * @fastify/static uses, with its defaults: type by name, ETag and Last-Modified, ranges, dot-files hidden, nothing
 * outside the root. Loaded on the first file asked for rather than registered as @fastify/static at start, which
 * brought its folder listing and globbing (~300 kB of code: glob, minimatch, path-scurry) into every start for a
 * route that uses none of it. `staticFiles` serves them on a route of our own, with its reply's schema like every route:
 * the table's `/static/` and the club board's `/club/static/`.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorHandler } from "./errors.ts";
import { fileReply, replies, type TableApp } from "./typed-routes.ts";

type Send = typeof import("@fastify/send").default;

/** A sender of files under `root`: `file` is the path below it as the URL names it. */
export function fileSender(root: string): (req: FastifyRequest, reply: FastifyReply, file: string) => Promise<FastifyReply> {
  let loaded: Promise<Send> | null = null;
  return async (req, reply, file) => {
    loaded ??= import("@fastify/send").then((m) => m.default);
    const send = await loaded;
    // send URI-decodes the path it is given; the route's parameter is decoded already
    const sent = await send(req.raw, encodeURI(file), { root, index: false });
    if (sent.type === "file") return reply.code(sent.statusCode).headers(sent.headers).send(sent.stream);
    const error = sent.type === "error" ? (sent.metadata.error as Error & { code?: string; status?: number }) : null;
    // a folder, a missing file or a dot-file: not here (as @fastify/static answers)
    if (error === null || error.code === "ENOENT" || error.status === 404) {
      reply.callNotFound();
      return reply;
    }
    return reply.send(error);
  };
}

/**
 * Serves the files under `root` at `prefix` (`/static/`), the route hidden from the OpenAPI document; gives the sender,
 * for the app's pages from the same folder.
 */
export function staticFiles(app: TableApp, root: string, prefix: string, description: string): ReturnType<typeof fileSender> {
  const sendFile = fileSender(root);
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
    async (req, reply) => sendFile(req, reply, req.params["*"]),
  );
  return sendFile;
}
