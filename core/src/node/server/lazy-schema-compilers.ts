/**
 * Fastify's own schema compilers (Ajv for request validation, fast-json-stringify for response
 * serialisation), compiled on a route's first use instead of while the server starts.
 *
 * Why: compiling every route's schemas up front (each response schema pulls in the shared API
 * components) was most of `mediator serve`'s start-up time (issue 13, "Server start"), and most
 * routes are never called in a session. The compilers, their options and their output are
 * Fastify's defaults; only the moment changes. A route's first request pays its own compile (a few
 * milliseconds). `compilePending()` compiles whatever is left, so a test still proves that every
 * schema compiles.
 *
 * The compiler modules themselves are loaded on first use too (synchronously: a validator is called
 * synchronously inside a request), which Fastify does eagerly when it picks its default compilers.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** What Fastify calls with a compiled validator: Ajv's validate function shape. */
interface ValidateFunction {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

type Serialize = (data: unknown) => string;
type ValidatorCompiler = (route: unknown) => ValidateFunction;
type SerializerCompiler = (route: unknown) => Serialize;
type CompilerBuilder<C> = (externalSchemas: unknown, options: unknown) => C;

export interface LazySchemaCompilers {
  /** Pass as Fastify's `schemaController.compilersFactory`. */
  readonly compilersFactory: CompilersFactory;
  /** Compiles every schema not compiled yet; returns how many. Throws the first compile error. */
  compilePending(): number;
  /**
   * Compiles now the pending validators of the routes `which` picks (the translation routes at
   * start, so the first translation does not pay for them, issue 27); returns how many.
   */
  compileMatching(which: (route: RouteKey) => boolean): number;
  /** Schemas registered but not compiled yet. */
  readonly pendingCount: number;
  /**
   * The validator Fastify was given for one part of a route (`body`, `querystring`...): the same
   * function, compiled on first call, so a caller outside Fastify checks a value exactly as the
   * route does (the POST /translation fast path, translation-fast-path.ts).
   */
  validatorFor(method: string, url: string, httpPart: string): ((data: unknown) => boolean) | undefined;
}

/** What Fastify tells a compiler about the schema's route. */
export interface RouteKey {
  readonly method: string;
  readonly url: string;
}

/** `METHOD url part`: the key of a route part's validator. */
function partKey(route: unknown): string | undefined {
  const at = routeKey(route);
  const part = (route as { httpPart?: unknown }).httpPart;
  return at === undefined || typeof part !== 'string' ? undefined : `${at.method} ${at.url} ${part}`;
}

function routeKey(route: unknown): RouteKey | undefined {
  if (typeof route !== 'object' || route === null) return undefined;
  const { method, url } = route as { method?: unknown; url?: unknown };
  return typeof method === 'string' && typeof url === 'string' ? { method, url } : undefined;
}

const requireHere = createRequire(import.meta.url);

export function lazySchemaCompilers(): LazySchemaCompilers {
  const pending = new Set<() => unknown>();
  /** The pending validators by route, for `compileMatching`. */
  const validatorRoutes = new Map<() => unknown, RouteKey>();
  /** Every validator handed to Fastify, by route part (partKey). */
  const validators = new Map<string, ValidateFunction>();
  // One pool per kind, as Fastify keeps it: builders with equal external schemas share an Ajv.
  let ajvPool: CompilerBuilder<ValidatorCompiler> | undefined;
  let fjsPool: CompilerBuilder<SerializerCompiler> | undefined;
  const ajvBuilder = (): CompilerBuilder<ValidatorCompiler> => {
    ajvPool ??= (requireHere('@fastify/ajv-compiler') as () => CompilerBuilder<ValidatorCompiler>)();
    return ajvPool;
  };
  const fjsBuilder = (): CompilerBuilder<SerializerCompiler> => {
    fjsPool ??= (requireHere('@fastify/fast-json-stringify-compiler') as () => CompilerBuilder<SerializerCompiler>)();
    return fjsPool;
  };

  /** A thunk that compiles once, and leaves the pending set when it did. */
  function once<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    let done = false;
    const get = (): T => {
      if (!done) {
        compiled = compile();
        done = true;
        pending.delete(get);
        validatorRoutes.delete(get);
      }
      return compiled as T;
    };
    pending.add(get);
    return get;
  }

  const buildValidator: CompilerBuilder<ValidatorCompiler> = (externalSchemas, options) => {
    let compiler: ValidatorCompiler | undefined;
    return (route) => {
      const real = once(() => {
        compiler ??= ajvBuilder()(externalSchemas, options);
        return compiler(route);
      });
      const at = routeKey(route);
      if (at !== undefined) validatorRoutes.set(real, at);
      const validate: ValidateFunction = (data, context) => {
        const fn = real();
        const result = fn(data, context);
        // Fastify reads the errors from the function it was given.
        validate.errors = fn.errors;
        return result;
      };
      // Every Ajv validate function has a schemaEnv; Fastify then passes the parent data, as before.
      validate.schemaEnv = true;
      const key = partKey(route);
      if (key !== undefined) validators.set(key, validate);
      return validate;
    };
  };

  const buildSerializer: CompilerBuilder<SerializerCompiler> = (externalSchemas, options) => {
    let compiler: SerializerCompiler | undefined;
    return (route) => {
      const real = once(() => {
        compiler ??= fjsBuilder()(externalSchemas, options);
        return compiler(route);
      });
      return (data) => real()(data);
    };
  };

  return {
    // Fastify's declared factory types are overloads of the Ajv/JTD variants; ours is the plain Ajv one.
    compilersFactory: { buildValidator, buildSerializer } as unknown as CompilersFactory,
    compilePending() {
      let n = 0;
      for (const compile of [...pending]) {
        compile();
        n += 1;
      }
      return n;
    },
    compileMatching(which) {
      let n = 0;
      for (const [compile, route] of [...validatorRoutes]) {
        if (!which(route)) continue;
        compile();
        n += 1;
      }
      return n;
    },
    get pendingCount() {
      return pending.size;
    },
    validatorFor(method, url, httpPart) {
      const validate = validators.get(`${method} ${url} ${httpPart}`);
      // The route's options compile with coerceTypes and removeAdditional off: the value is never changed.
      return validate === undefined ? undefined : (data) => validate(data) === true;
    },
  };
}
