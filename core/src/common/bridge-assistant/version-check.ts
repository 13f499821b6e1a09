/**
 * Step 1 of bridge installation (seed 1.5.1 and 9.2): the bridge's dependency on the middleware's
 * bridge API, `eu.interiot.intermw:mw.bridges.api` (spec C.1), must have exactly the version of the
 * deployed middleware.
 */
import { readPom, type PomDependency, type PomModel } from './maven-pom.js';
import { interpolate, lineage, type PomContext } from './maven-properties.js';

export const BRIDGE_API_GROUP_ID = 'eu.interiot.intermw';
export const BRIDGE_API_ARTIFACT_ID = 'mw.bridges.api';

export interface CheckProblem {
  /** 1-based line in the POM the problem is about, when there is one. */
  readonly line?: number;
  readonly message: string;
}

export interface VersionCheckInput {
  /** The bridge's pom.xml text; or give `bridgeApiVersion` by hand. */
  readonly pom?: string | undefined;
  /** Names the POM in messages (default `pom.xml`). */
  readonly pomSource?: string | undefined;
  /** The parent POM's text, for properties, versions and dependencies the bridge POM inherits. */
  readonly parentPom?: string | undefined;
  readonly parentPomSource?: string | undefined;
  /** The parent's own parent POMs, nearest first (a bridge inheriting through two levels). */
  readonly ancestorPoms?: ReadonlyArray<{ readonly text: string; readonly source: string }> | undefined;
  /** The bridge API version typed by hand (used when no POM is given). */
  readonly bridgeApiVersion?: string | undefined;
  /** The deployed middleware's version: `2.5.0`, `v2.5.0` or an image reference `docker.inter-iot.eu/intermw:v2.5.0`. */
  readonly middlewareVersion: string;
}

export interface BridgeApiDependency {
  readonly groupId: string;
  readonly artifactId: string;
  /** The version as written, before `${...}` resolution ('' when it comes from dependencyManagement). */
  readonly declaredVersion: string;
  /** The POM whose line declares the version: the bridge's, or the parent's (inherited dependency, dependencyManagement). */
  readonly source: string;
  readonly line?: number;
}

export interface VersionCheckResult {
  /** The resolved bridge API version, or null when it could not be determined. */
  readonly bridgeApiVersion: string | null;
  /** The middleware version as compared (image tag and leading `v` removed). */
  readonly middlewareVersion: string;
  readonly ok: boolean;
  readonly problems: readonly CheckProblem[];
  readonly dependency?: BridgeApiDependency;
}

/**
 * `v2.5.0` -> `2.5.0`; `docker.inter-iot.eu/intermw:v2.1.0` -> `2.1.0` (the docs tell users to
 * read the version from the image tag shown by `docker ps`).
 */
export function normalizeMiddlewareVersion(input: string): string {
  let value = input.trim();
  const lastSlash = value.lastIndexOf('/');
  const tagColon = value.lastIndexOf(':');
  // An image reference: the tag is after the last ':' that follows the last '/' (a registry port precedes it).
  if (tagColon > lastSlash && (lastSlash >= 0 || /^[a-z0-9._-]+:/.test(value))) value = value.slice(tagColon + 1);
  const at = value.indexOf('@');
  if (at >= 0) value = value.slice(0, at);
  return value.replace(/^[vV](?=\d)/, '');
}

function isBridgeApi(dep: PomDependency, ctx: PomContext): boolean {
  return interpolate(dep.artifactId, ctx).value === BRIDGE_API_ARTIFACT_ID;
}

/** A Maven version range such as `[2.5.0,)` or `(,2.5.0]`: not one version. */
function isRange(version: string): boolean {
  return /^[[(].*[\])]$/.test(version);
}

interface Found {
  readonly dep: PomDependency;
  readonly source: string;
}

/** The bridge API dependency: declared in the POM, or inherited from the parent POM's `<dependencies>`. */
function findDependency(ctx: PomContext): Found | undefined {
  const own = ctx.pom.dependencies.find((d) => isBridgeApi(d, ctx));
  if (own !== undefined) return { dep: own, source: ctx.pom.source };
  for (const ancestor of lineage(ctx)) {
    const inherited = ancestor.dependencies.find((d) => isBridgeApi(d, ctx));
    if (inherited !== undefined) return { dep: inherited, source: ancestor.source };
  }
  return undefined;
}

/** The version of a dependency declared without one: the POM's dependencyManagement, then the parent's. */
function managedVersion(ctx: PomContext, dep: PomDependency): { version: string; source: string; line?: number } | undefined {
  const group = interpolate(dep.groupId, ctx).value;
  for (const pom of [ctx.pom, ...lineage(ctx)]) {
    const managed = pom.managedDependencies.find((m) => isBridgeApi(m, ctx) && interpolate(m.groupId, ctx).value === group && m.version !== undefined);
    if (managed?.version !== undefined) return { version: managed.version, source: pom.source, ...(managed.line === undefined ? {} : { line: managed.line }) };
  }
  return undefined;
}

function coordinatesOf(pom: PomModel): string {
  return `${pom.groupId ?? pom.parent?.groupId ?? '?'}:${pom.artifactId ?? '?'}:${pom.version ?? pom.parent?.version ?? '?'}`;
}

/** Each POM of the lineage must be the parent its child names. */
function parentProblems(ctx: PomContext): CheckProblem[] {
  const problems: CheckProblem[] = [];
  let child = ctx.pom;
  for (const parent of lineage(ctx)) {
    if (child.parent === undefined) {
      problems.push({ message: `A parent POM (${parent.source}) was given, but ${child.source} declares no <parent>` });
      break;
    }
    const want = `${child.parent.groupId ?? '?'}:${child.parent.artifactId ?? '?'}:${child.parent.version ?? '?'}`;
    const got = coordinatesOf(parent);
    if (want !== got) problems.push({ message: `The parent POM given is ${got}, but ${child.source} names ${want} as its parent` });
    child = parent;
  }
  return problems;
}

function resolveFromPom(input: VersionCheckInput & { pom: string }): { version: string | null; problems: CheckProblem[]; dependency?: BridgeApiDependency } {
  const pom = readPom(input.pom, input.pomSource ?? 'pom.xml');
  const parent = input.parentPom === undefined ? undefined : readPom(input.parentPom, input.parentPomSource ?? 'parent pom.xml');
  const ancestors = parent === undefined ? [] : (input.ancestorPoms ?? []).map((a) => readPom(a.text, a.source));
  const ctx: PomContext = { pom, parent, ancestors };
  const problems = parentProblems(ctx);
  const found = findDependency(ctx);
  const coordinates = `${BRIDGE_API_GROUP_ID}:${BRIDGE_API_ARTIFACT_ID}`;
  if (found === undefined) {
    const managedOnly = [pom, ...lineage(ctx)].some((p) => p.managedDependencies.some((d) => isBridgeApi(d, ctx)));
    problems.push({
      message: managedOnly
        ? `${pom.source} manages a version of ${coordinates} in <dependencyManagement> but does not depend on it: a bridge needs it in <dependencies>`
        : `${pom.source} has no dependency on ${coordinates}: a bridge is built against the middleware's bridge API`,
    });
    return { version: null, problems };
  }
  const { dep } = found;
  const group = interpolate(dep.groupId, ctx).value;
  const line = dep.line === undefined ? {} : { line: dep.line };
  if (group !== BRIDGE_API_GROUP_ID) {
    problems.push({ ...line, message: `${found.source} depends on ${group}:${BRIDGE_API_ARTIFACT_ID}, not on ${coordinates}` });
  }
  let declared = dep.version;
  let declaredLine = dep.line;
  let declaredIn = found.source;
  if (declared === undefined) {
    const managed = managedVersion(ctx, dep);
    if (managed === undefined) {
      // A POM whose lineage ends in a <parent> not given most likely inherits the version from it
      // (issue 39: say what to do, "add the parent POM", not only what is missing).
      const top = [pom, ...lineage(ctx)].at(-1);
      const hint =
        top?.parent === undefined
          ? ''
          : `: it inherits its version from the parent POM ${top.parent.groupId ?? '?'}:${top.parent.artifactId ?? '?'}:${top.parent.version ?? '?'}, add the parent POM${top === pom ? '' : ` of ${top.source}`}`;
      problems.push({ ...line, message: `The dependency on ${coordinates} has no <version>, and no <dependencyManagement> gives one${hint}` });
      return {
        version: null,
        problems,
        dependency: { groupId: group, artifactId: BRIDGE_API_ARTIFACT_ID, declaredVersion: '', source: found.source, ...line },
      };
    }
    declared = managed.version;
    declaredLine = managed.line;
    declaredIn = managed.source;
  }
  const dependency: BridgeApiDependency = {
    groupId: group,
    artifactId: BRIDGE_API_ARTIFACT_ID,
    declaredVersion: declared,
    source: declaredIn,
    ...(declaredLine === undefined ? {} : { line: declaredLine }),
  };
  const at = declaredLine === undefined ? {} : { line: declaredLine };
  const resolved = interpolate(declared, ctx);
  if (resolved.cycle !== undefined) {
    problems.push({ ...at, message: `The version ${declared} of ${coordinates} refers to itself: ${resolved.cycle}` });
    return { version: null, problems, dependency };
  }
  if (resolved.unresolved.length > 0) {
    const names = resolved.unresolved.map((n) => `\${${n}}`).join(', ');
    const top = [pom, ...lineage(ctx)].at(-1);
    const hint = top?.parent !== undefined ? ` (it may be defined in ${top === pom ? 'the parent POM' : `the parent of ${top.source}`}: give it too)` : '';
    problems.push({ ...at, message: `The version ${declared} of ${coordinates} uses ${names}, which is not defined${hint}` });
    return { version: null, problems, dependency };
  }
  // `[2.5.0]` is Maven's hard requirement of exactly that version.
  const exact = /^\[([^,[\]()]+)\]$/.exec(resolved.value.trim())?.[1]?.trim();
  if (exact !== undefined) return { version: exact, problems, dependency };
  if (isRange(resolved.value)) {
    problems.push({ ...at, message: `The version of ${coordinates} is the range ${resolved.value}; it must be exactly the middleware's version` });
  }
  return { version: resolved.value, problems, dependency };
}

/**
 * Runs the check. Hostile or malformed POM XML throws the same ParseError an alignment upload gets;
 * everything else (no dependency, an undefined property, a mismatch) is a problem in the result.
 */
export function checkBridgeVersion(input: VersionCheckInput): VersionCheckResult {
  const middlewareVersion = normalizeMiddlewareVersion(input.middlewareVersion);
  const problems: CheckProblem[] = [];
  let bridgeApiVersion: string | null = null;
  let dependency: BridgeApiDependency | undefined;
  if (input.pom !== undefined && input.pom.trim() !== '') {
    const fromPom = resolveFromPom({ ...input, pom: input.pom });
    bridgeApiVersion = fromPom.version;
    dependency = fromPom.dependency;
    problems.push(...fromPom.problems);
  } else if (input.bridgeApiVersion !== undefined && input.bridgeApiVersion.trim() !== '') {
    bridgeApiVersion = input.bridgeApiVersion.trim();
  } else {
    problems.push({ message: 'Give the bridge POM or the bridge API version' });
  }
  if (middlewareVersion === '') problems.push({ message: 'Give the middleware version (e.g. 2.5.0, or the image tag shown by docker ps)' });
  if (bridgeApiVersion !== null && middlewareVersion !== '' && bridgeApiVersion !== middlewareVersion) {
    const snapshot = bridgeApiVersion.replace(/-SNAPSHOT$/, '') === middlewareVersion.replace(/-SNAPSHOT$/, '') ? ' (they differ only by -SNAPSHOT)' : '';
    problems.push({
      ...(dependency?.line === undefined ? {} : { line: dependency.line }),
      message: `The bridge is built against bridge API ${bridgeApiVersion}, but the middleware is ${middlewareVersion}${snapshot}: rebuild the bridge with ${BRIDGE_API_ARTIFACT_ID} ${middlewareVersion}, or deploy middleware ${bridgeApiVersion}`,
    });
  }
  return {
    bridgeApiVersion,
    middlewareVersion,
    ok: problems.length === 0,
    problems,
    ...(dependency === undefined ? {} : { dependency }),
  };
}
