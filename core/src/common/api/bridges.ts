/**
 * The bridge installation assistant (seed 1.4-1.5, 9.2; issue 15): the three checks, reading a
 * running middleware's version, the channel state of a platform, and the assistant's progress per
 * bridge.
 */
import { Type, type Static } from 'typebox';
import { ChannelDetails, PlatformTopics, TopicSpelling } from './channels.js';
import { ref } from './schema-support.js';

export const CheckProblem = Type.Object(
  {
    line: Type.Optional(Type.Integer({ description: '1-based line in the POM or the log the problem is about' })),
    message: Type.String(),
  },
  { $id: 'BridgeCheckProblem', description: 'One finding of a bridge check' },
);
export type CheckProblem = Static<typeof CheckProblem>;

const problems = Type.Array(ref(CheckProblem));

export const VersionCheckRequest = Type.Object(
  {
    pom: Type.Optional(Type.String({ description: "The bridge's pom.xml text; or give bridgeApiVersion by hand" })),
    pomName: Type.Optional(Type.String({ description: 'Names the POM in messages (default pom.xml)' })),
    parentPom: Type.Optional(Type.String({ description: "The parent POM's text: properties, versions and dependencies the bridge inherits" })),
    parentPomName: Type.Optional(Type.String()),
    ancestorPoms: Type.Optional(
      Type.Array(Type.Object({ pom: Type.String(), name: Type.Optional(Type.String()) }, { additionalProperties: false }), {
        description: "The parent POM's own parents, nearest first, when the bridge inherits through more than one level",
      }),
    ),
    bridgeApiVersion: Type.Optional(Type.String({ description: 'The bridge API version typed by hand (used when no POM is given)' })),
    middlewareVersion: Type.String({
      description: 'The deployed middleware version: 2.5.0, v2.5.0 or an image reference such as docker.inter-iot.eu/intermw:v2.5.0',
    }),
  },
  { $id: 'BridgeVersionCheckRequest', additionalProperties: false },
);
export type VersionCheckRequest = Static<typeof VersionCheckRequest>;

export const VersionCheckReply = Type.Object(
  {
    bridgeApiVersion: Type.Union([Type.String(), Type.Null()], {
      description: 'The resolved version of eu.interiot.intermw:mw.bridges.api; null when it cannot be told',
    }),
    middlewareVersion: Type.String({ description: 'The middleware version as compared' }),
    ok: Type.Boolean({ description: 'False: a blocking problem (a mismatch, no dependency, an undefined property)' }),
    problems,
    dependency: Type.Optional(
      Type.Object({
        groupId: Type.String(),
        artifactId: Type.String(),
        declaredVersion: Type.String({ description: 'As written, before ${...} resolution' }),
        source: Type.String({ description: 'The POM whose line declares the version' }),
        line: Type.Optional(Type.Integer()),
      }),
    ),
  },
  { $id: 'BridgeVersionCheck' },
);
export type VersionCheckReply = Static<typeof VersionCheckReply>;

export const MiddlewareVersionRequest = Type.Object(
  { url: Type.String({ description: "A running middleware's address, e.g. http://localhost:8080 (its /api/swagger.json is read)" }) },
  { $id: 'MiddlewareVersionRequest', additionalProperties: false },
);
export type MiddlewareVersionRequest = Static<typeof MiddlewareVersionRequest>;

export const MiddlewareVersionReply = Type.Object(
  { version: Type.String(), url: Type.String({ description: 'The address the version was read from' }) },
  { $id: 'MiddlewareVersion' },
);
export type MiddlewareVersionReply = Static<typeof MiddlewareVersionReply>;

export const CopyCommandsRequest = Type.Object(
  {
    container: Type.String({ description: "The middleware container's name or id (docker ps)" }),
    jar: Type.String({ description: 'Local path of the bridge package' }),
    dependencies: Type.Optional(Type.Array(Type.String(), { description: "Local paths of the bridge's extra runtime jars" })),
    shipped: Type.Optional(Type.String({ description: "What the middleware's library folder holds: pasted `ls -l` output or a list of jar names" })),
    config: Type.Optional(Type.String({ description: "Local path of the bridge's configuration file, if it has one" })),
    bridgeClass: Type.Optional(Type.String({ description: 'The bridge class: its simple name decides the configuration file name' })),
  },
  { $id: 'BridgeCopyCommandsRequest', additionalProperties: false },
);
export type CopyCommandsRequest = Static<typeof CopyCommandsRequest>;

export const CopyEntry = Type.Object({
  file: Type.String(),
  fileName: Type.String(),
  kind: Type.Union([Type.Literal('bridge'), Type.Literal('dependency'), Type.Literal('config')]),
  copy: Type.Boolean({ description: 'False: "do not copy", with the reason' }),
  reason: Type.Optional(Type.String()),
  command: Type.Optional(Type.String()),
});
export type CopyEntry = Static<typeof CopyEntry>;

export const CopyCommandsReply = Type.Object(
  {
    entries: Type.Array(CopyEntry),
    copyCommands: Type.Array(Type.String(), { description: 'docker cp of the package and the dependencies to copy' }),
    checkCommand: Type.String({ description: 'Lists the copied jars in the container' }),
    configCommand: Type.Optional(Type.String()),
    configCheckCommand: Type.Optional(Type.String()),
    restartCommand: Type.String(),
    notes: Type.Array(Type.String()),
    problems,
    script: Type.Array(Type.String(), { description: 'Everything, one line each, ready for a POSIX shell; files not to copy as # comments' }),
  },
  { $id: 'BridgeCopyCommands' },
);
export type CopyCommandsReply = Static<typeof CopyCommandsReply>;

export const LogCheckRequest = Type.Object(
  {
    log: Type.String({ description: "The middleware's start-up log" }),
    expect: Type.Optional(Type.Array(Type.String(), { description: 'Platform type URIs that must have a bridge' })),
  },
  { $id: 'BridgeLogCheckRequest', additionalProperties: false },
);
export type LogCheckRequest = Static<typeof LogCheckRequest>;

export const LogCheckReply = Type.Object(
  {
    started: Type.Boolean({ description: '"Registering bridges..." was found' }),
    bridges: Type.Array(Type.Object({ class: Type.String(), platformType: Type.String(), line: Type.Integer() })),
    finished: Type.Boolean({ description: '"Bridge registration has finished successfully." was found after it' }),
    missing: Type.Array(Type.String(), { description: 'Expected platform types without a registered bridge' }),
    problems,
  },
  { $id: 'BridgeLogCheck' },
);
export type LogCheckReply = Static<typeof LogCheckReply>;

export const PlatformChannelsQuery = Type.Object({
  platformId: Type.String({ description: 'The platform id, e.g. http://inter-iot.eu/platforms/p1' }),
  spelling: Type.Optional(TopicSpelling),
});
export type PlatformChannelsQuery = Static<typeof PlatformChannelsQuery>;

export const PlatformChannelState = Type.Object(
  {
    topics: ref(PlatformTopics),
    downstream: Type.Union([ref(ChannelDetails), Type.Null()], { description: 'The channel from the downstream source to its sink, if any' }),
    upstream: Type.Union([ref(ChannelDetails), Type.Null()]),
    running: Type.Boolean({ description: 'Both channels exist and run' }),
  },
  { $id: 'PlatformChannelState' },
);
export type PlatformChannelState = Static<typeof PlatformChannelState>;

/** What the assistant remembers of each step; every field optional, so a half-done step is kept as it is. */
export const BridgeSteps = Type.Object(
  {
    version: Type.Optional(
      Type.Object({
        pomName: Type.Optional(Type.String()),
        pom: Type.Optional(Type.String()),
        parentPomName: Type.Optional(Type.String()),
        parentPom: Type.Optional(Type.String()),
        bridgeApiVersion: Type.Optional(Type.String()),
        middlewareVersion: Type.Optional(Type.String()),
        middlewareUrl: Type.Optional(Type.String()),
        ok: Type.Optional(Type.Boolean()),
      }),
    ),
    copy: Type.Optional(
      Type.Object({
        container: Type.Optional(Type.String()),
        jar: Type.Optional(Type.String()),
        dependencies: Type.Optional(Type.Array(Type.String())),
        shipped: Type.Optional(Type.String()),
        done: Type.Optional(Type.Boolean()),
      }),
    ),
    config: Type.Optional(Type.Object({ hasConfig: Type.Optional(Type.Boolean()), file: Type.Optional(Type.String()), done: Type.Optional(Type.Boolean()) })),
    log: Type.Optional(
      Type.Object({
        expect: Type.Optional(Type.Array(Type.String())),
        logName: Type.Optional(Type.String()),
        ok: Type.Optional(Type.Boolean()),
        registered: Type.Optional(Type.Array(Type.String(), { description: 'Platform types registered in the last checked log' })),
        bridgeClass: Type.Optional(Type.String()),
      }),
    ),
    channels: Type.Optional(
      Type.Object({
        platformId: Type.Optional(Type.String()),
        spelling: Type.Optional(TopicSpelling),
        inp: Type.Optional(Type.String({ description: 'name@version of the input alignment, empty for none' })),
        out: Type.Optional(Type.String()),
        running: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { additionalProperties: false },
);
export type BridgeSteps = Static<typeof BridgeSteps>;

export const BridgeProgressBody = Type.Object(
  {
    currentStep: Type.Integer({ minimum: 1, maximum: 5, description: 'The step the user is on, 1-5' }),
    steps: BridgeSteps,
  },
  { $id: 'BridgeProgressBody', additionalProperties: false },
);
export type BridgeProgressBody = Static<typeof BridgeProgressBody>;

export const BridgeProgress = Type.Object(
  {
    bridgeId: Type.String(),
    currentStep: Type.Integer({ minimum: 1, maximum: 5 }),
    steps: BridgeSteps,
    updatedAt: Type.Integer({ description: 'Epoch milliseconds of the last save' }),
  },
  { $id: 'BridgeProgress', description: "The assistant's progress for one bridge, kept in the store" },
);
export type BridgeProgress = Static<typeof BridgeProgress>;

export const BridgeProgressList = Type.Array(ref(BridgeProgress), { description: 'Every bridge with stored progress, most recently saved first' });

export const BridgeParams = Type.Object({ bridgeId: Type.String({ minLength: 1, maxLength: 200, description: 'A name for the bridge, e.g. example-bridge' }) });
export type BridgeParams = Static<typeof BridgeParams>;
