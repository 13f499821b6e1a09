/**
 * `${...}` interpolation of POM values the way Maven does it for the simple cases a bridge POM
 * uses (Maven's model interpolation: `project.*` expressions on the effective model, then user
 * properties, the child's overriding the parent's): `${project.version}` (and the old
 * `${pom.version}` and `${version}`), `${project.groupId}`, `${project.artifactId}`,
 * `${project.parent.version}` and friends, and properties of the POM and of its parent POM.
 * Environment, settings and system properties cannot be known here and are reported as unresolved.
 */
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

const EXPRESSION = /\$\{([^}]*)\}/g;
/** Deeper nesting than this is a cycle in practice; Maven itself stops on cycles too. */
const MAX_DEPTH = 32;

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

/** Replaces every `${name}` in `value`, recursively through property values, with cycle detection. */
export function interpolate(value: string, ctx: PomContext): Interpolated {
  const unresolved: string[] = [];
  let cycle: string | undefined;
  const expand = (text: string, stack: readonly string[]): string =>
    text.replace(EXPRESSION, (whole, rawName: string) => {
      const name = rawName.trim();
      if (stack.includes(name) || stack.length >= MAX_DEPTH) {
        cycle ??= [...stack, name].map((n) => `\${${n}}`).join(' -> ');
        return whole;
      }
      const found = lookup(ctx, name);
      if (found === undefined) {
        if (!unresolved.includes(name)) unresolved.push(name);
        return whole;
      }
      return expand(found, [...stack, name]);
    });
  return { value: expand(value, []), unresolved, cycle };
}
