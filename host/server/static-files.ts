/**
 * The pages' files (scripts, style sheets, images under host/public) sent from disk by @fastify/send — the sender
 * @fastify/static uses, with its defaults: type by name, ETag and Last-Modified, ranges, dot-files hidden, nothing
 * outside the root. Loaded on the first file asked for rather than registered as @fastify/static at start, which
 * brought its folder listing and globbing (~300 kB of code: glob, minimatch, path-scurry) into every start for a
 * route that uses none of it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

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
