/**
 * The routes' one typing: fastify's TypeBox type provider, so each route's body, params, query and reply are the
 * types of its schemas (no route repeats a schema as a generic), and the replies every route shares. Its replies
 * are read as readonly (`Frozen`): a reply is only read, by its serialiser, and the session's view and records are
 * readonly. Every route declares its reply's schema (`requireReplySchemas`, in app.ts, refuses a route without one).
 * A refusal is thrown (`refuse`): the error handler answers it in the contract's shape, so a handler returns only
 * its reply; every route declares that shape for its 4xx and 5xx replies (`replies`), which the hook checks too.
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
import { ErrorReply } from "./schemas.ts";
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

/** The contract's error by reference to its one schema (`ErrorReply`, added to each app by `requireTypedRoutes`). */
export const ErrorReplyRef = Type.Unsafe<Static<typeof ErrorReply>>(Type.Ref("ErrorReply"));
const errorReply = (description: string) => Type.Unsafe<Static<typeof ErrorReply>>(Type.Ref("ErrorReply", { description }));

/**
 * The replies every route may give besides its own, each the contract's error: a refusal (4xx: bad input, an address
 * naming nothing, the table not in a state to do it, a caller refused) or the host's failure (5xx: `internal`, a game
 * file taking no writes).
 */
export const ERROR_REPLIES = {
  "4xx": errorReply("Refused: the contract's error (errors.md)"),
  "5xx": errorReply("The host failed, or its game file takes no writes: the contract's error (errors.md)"),
} as const;

/** A route's replies: its own by status, and {@link ERROR_REPLIES}, so the compiler and the OpenAPI document know both. */
export const replies = <R extends object>(own: R): R & typeof ERROR_REPLIES => ({ ...own, ...ERROR_REPLIES });

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
 * The `onRoute` hook that refuses a route without a reply schema, without the error replies (`replies`), or taking a
 * body (POST, PUT, PATCH) without a body schema: every route's replies and body are typed and documented.
 */
export function requireReplySchemas(route: RouteOptions): void {
  const schema = route.schema as { body?: unknown; response?: Record<string, unknown> } | undefined;
  const methods = [route.method].flat();
  const where = `${methods.join(",")} ${route.url}`;
  if (!schema?.response) throw new Error(`${where} has no reply schema (host/server/typed-routes.ts).`);
  const missing = Object.keys(ERROR_REPLIES).filter((code) => !schema.response?.[code]);
  if (missing.length) {
    throw new Error(
      `${where} does not declare its ${missing.join(" and ")} error replies: wrap its replies in replies() (host/server/typed-routes.ts).`,
    );
  }
  if (methods.some((m) => m === "POST" || m === "PUT" || m === "PATCH") && !schema.body) {
    throw new Error(`${where} takes a body but has no body schema (host/server/typed-routes.ts).`);
  }
}

/** Makes an app (the table's, the club board's) refuse a route without its schemas, and know the error reply's schema. */
export function requireTypedRoutes(app: TableApp): void {
  app.addHook("onRoute", requireReplySchemas);
  app.addSchema(ErrorReply);
}
