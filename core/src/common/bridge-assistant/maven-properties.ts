/**
 * `${...}` interpolation of POM values the way Maven does it for the simple cases a bridge POM
 * uses (Maven's model interpolation: `project.*` expressions on the effective model, then user
 * properties, the child's overriding the parent's): `${project.version}` (and the old
 * `${pom.version}` and `${version}`), `${project.groupId}`, `${project.artifactId}`,
 * `${project.parent.version}` and friends, and properties of the POM and of its parent POM.
 * Environment, settings and system properties cannot be known here and are reported as unresolved.
 */
import { BadRequestError, ErrorCodes } from '../errors.js';
import type { PomModel } from './maven-pom.js';

export interface PomContext {
  readonly pom: PomModel;
  /** The parent POM, when the user gave it (or the CLI found it at `<relativePath>`). */
  readonly parent?: PomModel | undefined;
  /** The parent's own ancestors, nearest first (grandparent, ...), when known. */
  readonly ancestors?: readonly PomModel[] | undefined;
}

/** The parent and its ancestors, nearest first: the order in which Maven inherits. */
export function lineage(ctx: PomContext): PomModel[] {
  return ctx.parent === undefined ? [] : [ctx.parent, ...(ctx.ancestors ?? [])];
}

export interface Interpolated {
  /** The value with every resolvable `${...}` replaced. */
  readonly value: string;
  /** Expressions that could not be resolved, in order of appearance, each once. */
  readonly unresolved: readonly string[];
  /** An expression that refers to itself through other properties. */
  readonly cycle: string | undefined;
}

/**
 * Bounds on the work a POM's properties can cause (CONTRACT.md, Safety). A chain of properties
 * each written as two of the one before (`<p2>${p1}${p1}</p2>`) doubles at every link: 5 KB of POM
 * asked for gigabytes when every occurrence was expanded anew. Each property is now resolved once
 * per POM (memoised), a chain deeper than MAX_PROPERTY_DEPTH or a value longer than
 * MAX_PROPERTY_LENGTH is refused (POM_PROPERTY_LIMIT, a 400), naming the bound.
 */
/** Properties nested in properties: real POMs use two or three levels. */
export const MAX_PROPERTY_DEPTH = 32;
/** Characters of any resolved value (a version, a group id or a property on the way). */
export const MAX_PROPERTY_LENGTH = 8192;

/** The project's effective version: its own, or the parent's it inherits (Maven model inheritance). */
export function effectiveVersion(ctx: PomContext): string | undefined {
  return ctx.pom.version ?? ctx.pom.parent?.version;
}

function builtIn(ctx: PomContext, name: string): string | undefined {
  const { pom } = ctx;
  switch (name) {
    case 'project.version':
    case 'pom.version':
    case 'version':
      return effectiveVersion(ctx);
    case 'project.groupId':
    case 'pom.groupId':
    case 'groupId':
      return pom.groupId ?? pom.parent?.groupId;
    case 'project.artifactId':
    case 'pom.artifactId':
    case 'artifactId':
      return pom.artifactId;
    case 'project.parent.version':
    case 'parent.version':
      return pom.parent?.version;
    case 'project.parent.groupId':
    case 'parent.groupId':
      return pom.parent?.groupId;
    case 'project.parent.artifactId':
    case 'parent.artifactId':
      return pom.parent?.artifactId;
    default:
      return undefined;
  }
}

function lookup(ctx: PomContext, name: string): string | undefined {
  const own = builtIn(ctx, name);
  if (own !== undefined) return own;
  if (Object.hasOwn(ctx.pom.properties, name)) return ctx.pom.properties[name];
  for (const ancestor of lineage(ctx)) if (Object.hasOwn(ancestor.properties, name)) return ancestor.properties[name];
  return undefined;
}

interface Resolution {
  readonly value: string;
  readonly unresolved: readonly string[];
  readonly cycle: string | undefined;
}

/** Resolved properties per POM context: each property is expanded once, whatever refers to it. */
const memo = new WeakMap<PomContext, Map<string, Resolution>>();

function tooLong(what: string): BadRequestError {
  return new BadRequestError(
    `${what} resolves to more than ${MAX_PROPERTY_LENGTH} characters (the limit for a resolved Maven property)`,
    ErrorCodes.pomPropertyLimit,
  );
}

/**
 * The `${...}` expressions of `text` in order, found with indexOf (a pattern such as
 * /\$\{([^}]*)\}/g rescans to the end of the text from every `${` that has no `}`: quadratic).
 */
function* expressions(text: string): Generator<{ start: number; end: number; name: string }> {
  let from = 0;
  for (;;) {
    const start = text.indexOf('${', from);
    if (start < 0) return;
    const close = text.indexOf('}', start + 2);
    // No `}` after this one means none after any later `${` either.
    if (close < 0) return;
    yield { start, end: close + 1, name: text.slice(start + 2, close) };
    from = close + 1;
  }
}

/**
 * Replaces every `${name}` in `value`, recursively through property values, with cycle detection.
 * Throws POM_PROPERTY_LIMIT past MAX_PROPERTY_DEPTH or MAX_PROPERTY_LENGTH.
 */
export function interpolate(value: string, ctx: PomContext): Interpolated {
  let resolved = memo.get(ctx);
  if (resolved === undefined) {
    resolved = new Map();
    memo.set(ctx, resolved);
  }
  const cache = resolved;
  const stack: string[] = [];

  const expand = (text: string, owner: string): Resolution => {
    let out = '';
    let last = 0;
    const unresolved = new Set<string>();
    let cycle: string | undefined;
    for (const { start, end, name: rawName } of expressions(text)) {
      out += text.slice(last, start);
      last = end;
      const name = rawName.trim();
      const whole = text.slice(start, end);
      const part = resolveName(name);
      if (part === undefined) {
        unresolved.add(name);
        out += whole;
      } else if (part === 'cycle') {
        cycle ??= [...stack, name].map((n) => `\${${n}}`).join(' -> ');
        out += whole;
      } else {
        for (const u of part.unresolved) unresolved.add(u);
        cycle ??= part.cycle;
        out += part.value;
      }
      if (out.length > MAX_PROPERTY_LENGTH) throw tooLong(owner);
    }
    out += text.slice(last);
    if (out.length > MAX_PROPERTY_LENGTH) throw tooLong(owner);
    return { value: out, unresolved: [...unresolved], cycle };
  };

  const resolveName = (name: string): Resolution | 'cycle' | undefined => {
    const known = cache.get(name);
    if (known !== undefined) return known;
    if (stack.includes(name)) return 'cycle';
    const raw = lookup(ctx, name);
    if (raw === undefined) return undefined;
    if (stack.length >= MAX_PROPERTY_DEPTH) {
      throw new BadRequestError(
        `The Maven property \${${name}} is nested more than ${MAX_PROPERTY_DEPTH} properties deep (the limit): ${stack
          .slice(0, 3)
          .map((n) => `\${${n}}`)
          .join(' -> ')} -> ...`,
        ErrorCodes.pomPropertyLimit,
      );
    }
    stack.push(name);
    try {
      const result = expand(raw, `The Maven property \${${name}}`);
      // Kept even when it met a cycle (the cycle's description then names where it was entered
      // first): not keeping those would make a doubling chain that loops back exponential again.
      cache.set(name, result);
      return result;
    } finally {
      stack.pop();
    }
  };

  const result = expand(value, `The value ${value.length > 40 ? `${value.slice(0, 40)}...` : value}`);
  return { value: result.value, unresolved: result.unresolved, cycle: result.cycle };
}
