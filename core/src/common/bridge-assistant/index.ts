/** The bridge installation assistant's pure logic (seed 1.4-1.5, 9.2; spec B-C): POM version check, copy commands, start-up log check. */
export { readPom } from './maven-pom.js';
export type { PomDependency, PomModel, PomParent } from './maven-pom.js';
export { effectiveVersion, interpolate, lineage } from './maven-properties.js';
export type { Interpolated, PomContext } from './maven-properties.js';
export { BRIDGE_API_ARTIFACT_ID, BRIDGE_API_GROUP_ID, checkBridgeVersion, normalizeMiddlewareVersion } from './version-check.js';
export type { BridgeApiDependency, CheckProblem, VersionCheckInput, VersionCheckResult } from './version-check.js';
export { baseName, jarNamesIn, parseJarName } from './jar-names.js';
export type { JarName } from './jar-names.js';
export { shellCommand, shellPath, shellQuote } from './shell-quote.js';
export { generateCopyCommands, MIDDLEWARE_CONFIG_DIR, MIDDLEWARE_LIB_DIR } from './copy-commands.js';
export type { CopyCommandsInput, CopyCommandsResult, CopyEntry, CopyKind } from './copy-commands.js';
export { checkStartupLog } from './startup-log.js';
export type { LogCheckResult, RegisteredBridge } from './startup-log.js';
