/**
 * The routes' one typing: fastify's TypeBox type provider, so each route's body, params, query and reply are the
 * types of its schemas (no route repeats a schema as a generic), and the replies every route shares. Its replies
 * are read as readonly (`Frozen`): a reply is only read, by its serialiser, and the session's view and records are
 * readonly. Every route declares its reply's schema (`requireReplySchemas`, in app.ts, refuses a route without one).
 * A refusal is thrown (`refuse`): the error handler answers it in the contract's shape, so a handler returns only
 * its reply.
 */
import type { Readable } from "node:stream";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from "fastify";
import type { Result, RulesError } from "../../src/result.ts";
import { statusOf } from "./errors.ts";
import { Refusal } from "./refusal.ts";
import type { TableView } from "./view-schema.ts";

/** A value as read, never written: the view the session builds (readonly arrays) fits its wire type read this way. */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? string extends keyof T
      ? object // an open part (a rule set's own shape): any object
      : { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** The TypeBox type provider, its replies read as readonly. */
export interface TableTypeProvider extends TypeBoxTypeProvider {
  serializer: this["schema"] extends TSchema ? Frozen<Static<this["schema"]>> : unknown;
}

/** The table's fastify app as its routes see it: typed by its schemas. */
export type TableApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TableTypeProvider
>;

/** The table state by reference to its one schema (`TableView`, added to the app in app.ts). */
export const TableViewRef = Type.Unsafe<TableView>(Type.Ref("TableView"));

/** Done, nothing more to say. */
export const OkReply = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });
/** Done: the table state after it (written by routes/live.ts's `stateReply`). */
export const StateReply = Type.Object({ ok: Type.Literal(true), state: TableViewRef }, { additionalProperties: false });

/** A reply that is a file or a page, not JSON: its media type, sent as it is (a string, a buffer or a stream). */
export const fileReply = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: Type.Unsafe<string | Buffer | Readable>({ type: "string", description }) } },
});

/** Refuses the request with the contract's error: thrown, and answered by the error handler (errors.ts). */
export function refuse(error: RulesError, status = statusOf(error.code)): never {
  throw new Refusal(error, status);
}

/** A session command's reply: the state after it, or its refusal. */
export function stateAfter(r: Result<unknown>, state: () => Frozen<TableView>): { ok: true; state: Frozen<TableView> } {
  if (!r.ok) refuse(r.error);
  return { ok: true, state: state() };
}

/**
 * The `onRoute` hook that refuses a route without a reply schema, or a route taking a body (POST, PUT, PATCH) without
 * a body schema: every route's reply and body are typed and documented.
 */
export function requireReplySchemas(route: RouteOptions): void {
  const schema = route.schema as { body?: unknown; response?: unknown } | undefined;
  const methods = [route.method].flat();
  const where = `${methods.join(",")} ${route.url}`;
  if (!schema?.response) throw new Error(`${where} has no reply schema (host/server/typed-routes.ts).`);
  if (methods.some((m) => m === "POST" || m === "PUT" || m === "PATCH") && !schema.body) {
    throw new Error(`${where} takes a body but has no body schema (host/server/typed-routes.ts).`);
  }
}
