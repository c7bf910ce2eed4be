/**
 * Fastify's own schema compilers (ajv for request validation, fast-json-stringify for replies), each route's
 * validator and serializer built on the route's first request instead of at start.
 *
 * Why: compiling every route's schemas when the server starts was about a fifth of the host's start-up CPU
 * (docs/performance.md, "Start-up"), for routes a table may never call in an evening (the club's, the set-up
 * wizard's, the importer's). A request then runs exactly the code fastify would have compiled at start; only the
 * first request of a route pays for its compilation.
 */
import AjvCompiler from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";

type ValidatorPool = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Fn = (...args: never[]) => unknown;

/** `once()` called at most once, on the first call of the returned getter. */
function memo<T>(once: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = once();
      made = true;
    }
    return value as T;
  };
}

/**
 * A validator that compiles on its first call. Fastify reads a failed validation's reasons from the validator
 * function's `errors` property (as ajv sets it), so the wrapper copies it after every call.
 */
function lazyValidator(compile: () => Fn): Fn {
  const inner = memo(compile);
  const validate = ((data: never) => {
    const fn = inner() as Fn & { errors?: unknown };
    const result = fn(data);
    (validate as { errors?: unknown }).errors = fn.errors;
    return result;
  }) as Fn;
  return validate;
}

/** A serializer that compiles on its first call. */
function lazySerializer(compile: () => Fn): Fn {
  const inner = memo(compile);
  return ((doc: never) => inner()(doc)) as Fn;
}

/**
 * A route-level `serializerCompiler` for the replies a route's own serializer does not write (its error replies,
 * which name the shared schemas by reference, `shared`): fastify's own compiler, made on the first such reply. A
 * route that sets its own `serializerCompiler` keeps fastify from using the app's lazy one, and building
 * fast-json-stringify's compiler at start cost an ajv instance per route (about 40 ms of every start).
 */
export function lazyRouteSerializer(shared: Record<string, unknown>): (route: never) => Fn {
  const compiler = memo(() => (SerializerSelector() as unknown as (e: unknown) => (route: never) => Fn)(shared));
  return (route: never) => lazySerializer(() => compiler()(route));
}

/** The `schemaController.compilersFactory` option for Fastify: the default compilers, compiled on first use. */
export function lazyCompilers(): { buildValidator: ValidatorPool; buildSerializer: SerializerFactory } {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const buildValidator = ((externalSchemas: never, options: never) => {
    // ajv itself (an instance holding the shared schemas) is made on the first request too
    const compiler = memo(() => (validators as unknown as (e: never, o: never) => Fn)(externalSchemas, options));
    return (route: never) => lazyValidator(() => compiler()(route) as Fn);
  }) as unknown as ValidatorPool;
  const buildSerializer = ((externalSchemas: never, options: never) => {
    const compiler = memo(() => (serializers as unknown as (e: never, o: never) => Fn)(externalSchemas, options));
    return (route: never) => lazySerializer(() => compiler()(route) as Fn);
  }) as unknown as SerializerFactory;
  return { buildValidator, buildSerializer };
}
