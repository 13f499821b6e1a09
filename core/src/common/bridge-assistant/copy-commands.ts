/**
 * Steps 2-4 of bridge installation (seed 1.5.2-1.5.4; paths from spec C.2-C.3): the `docker cp`
 * commands that put the bridge package and its extra runtime dependencies into the middleware's
 * library folder, the configuration file into its configuration folder, the commands that check
 * they arrived, and the restart.
 */
import { baseName, parseJarName, type JarName } from './jar-names.js';
import { shellCommand, shellQuote } from './shell-quote.js';
import { BRIDGE_API_ARTIFACT_ID, type CheckProblem } from './version-check.js';

/** The exploded webapp's library folder inside the INTER-MW image (spec C.2). */
export const MIDDLEWARE_LIB_DIR = '/usr/local/tomcat/webapps/ROOT/WEB-INF/lib';
/** `intermw.config.location` inside the image (spec C.2): intermw.properties and the bridges' property files. */
export const MIDDLEWARE_CONFIG_DIR = '/etc/inter-iot/intermw';

export interface CopyCommandsInput {
  /** The middleware container's name or id, as `docker ps` shows it. */
  readonly container: string;
  /** Local path of the bridge package (jar). */
  readonly jar: string;
  /** Local paths of the bridge's extra runtime dependencies. */
  readonly dependencies?: readonly string[] | undefined;
  /** Jar names already in the middleware's library folder (e.g. from `docker exec C ls WEB-INF/lib`). */
  readonly shipped?: readonly string[] | undefined;
  /** Local path of the bridge's configuration file, if it has one. */
  readonly config?: string | undefined;
  /** The bridge class (e.g. from the start-up log): its simple name decides the configuration file's name. */
  readonly bridgeClass?: string | undefined;
}

export type CopyKind = 'bridge' | 'dependency' | 'config';

export interface CopyEntry {
  readonly file: string;
  readonly fileName: string;
  readonly kind: CopyKind;
  /** False: flagged "do not copy", with the reason. */
  readonly copy: boolean;
  readonly reason?: string;
  /** The `docker cp` command, when the file is to be copied. */
  readonly command?: string;
}

export interface CopyCommandsResult {
  readonly entries: readonly CopyEntry[];
  /** The `docker cp` commands of step 2 (package and dependencies), in order. */
  readonly copyCommands: readonly string[];
  /** Lists the copied jars in the container. */
  readonly checkCommand: string;
  /** Step 3, when there is a configuration file. */
  readonly configCommand?: string;
  readonly configCheckCommand?: string;
  /** Step 4. */
  readonly restartCommand: string;
  /** What to know (named volume, what is lost on re-creation). */
  readonly notes: readonly string[];
  readonly problems: readonly CheckProblem[];
  /** Everything, ready to paste into a POSIX shell: the commands, skipped files as `#` comments. */
  readonly script: readonly string[];
}

/** Docker's rule for container names (`[a-zA-Z0-9][a-zA-Z0-9_.-]+`); ids are hex and pass too. */
const CONTAINER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Whether the middleware already ships a jar: the bridge API and the middleware's own modules
 * (`mw.*`, the bridge API's sub-dependencies from the same build) always; otherwise a jar of the
 * same artifact in the list of what is in the library folder.
 */
function shippedReason(jar: JarName, shipped: readonly JarName[]): string | undefined {
  if (jar.artifact === BRIDGE_API_ARTIFACT_ID) return 'the middleware ships the bridge API';
  if (/^mw\./.test(jar.artifact)) return `the middleware ships its own modules (${jar.artifact}) with the bridge API`;
  const same = shipped.find((s) => s.artifact === jar.artifact);
  if (same === undefined) return undefined;
  if (same.fileName === jar.fileName) return 'already in the middleware library folder';
  return `the middleware ships ${same.fileName}: a second version of ${jar.artifact} would conflict`;
}

export function generateCopyCommands(input: CopyCommandsInput): CopyCommandsResult {
  const problems: CheckProblem[] = [];
  const container = input.container.trim();
  if (container === '') problems.push({ message: 'Give the middleware container name (see docker ps)' });
  else if (!CONTAINER_NAME.test(container)) problems.push({ message: `"${container}" is not a Docker container name or id` });
  const jar = input.jar.trim();
  if (jar === '') problems.push({ message: 'Give the bridge package (jar)' });
  else if (!/\.jar$/i.test(jar)) problems.push({ message: `${baseName(jar)} is not a jar` });

  const libTarget = `${container}:${MIDDLEWARE_LIB_DIR}/`;
  const shipped = (input.shipped ?? []).map(parseJarName);
  const entries: CopyEntry[] = [];
  const seen = new Set<string>();
  const add = (file: string, kind: CopyKind): void => {
    const name = parseJarName(file);
    if (seen.has(name.fileName)) return;
    seen.add(name.fileName);
    const reason = kind === 'dependency' ? shippedReason(name, shipped) : undefined;
    if (kind === 'dependency' && !/\.jar$/i.test(name.fileName)) problems.push({ message: `${name.fileName} is not a jar` });
    entries.push(
      reason === undefined
        ? { file, fileName: name.fileName, kind, copy: true, command: shellCommand(['docker', 'cp', { path: file }, libTarget]) }
        : { file, fileName: name.fileName, kind, copy: false, reason },
    );
  };
  if (jar !== '') add(jar, 'bridge');
  for (const dep of input.dependencies ?? []) if (dep.trim() !== '') add(dep.trim(), 'dependency');

  const copied = entries.filter((e) => e.copy);
  const copyCommands = copied.flatMap((e) => (e.command === undefined ? [] : [e.command]));
  const grep = ['grep', '-F', ...copied.flatMap((e) => ['-e', e.fileName])];
  const checkCommand = `${shellCommand(['docker', 'exec', container, 'ls', '-l', MIDDLEWARE_LIB_DIR])} | ${shellCommand(grep)}`;
  const restartCommand = shellCommand(['docker', 'restart', container]);
  const notes = [
    `The library folder ${MIDDLEWARE_LIB_DIR} is inside the container, not on a volume: the jars survive a restart but not re-creating the container (copy them again then).`,
  ];

  let configCommand: string | undefined;
  let configCheckCommand: string | undefined;
  const config = input.config?.trim() ?? '';
  if (config !== '') {
    const configName = baseName(config);
    if (!/\.properties$/.test(configName))
      problems.push({ message: `${configName}: the middleware reads a bridge's configuration from <BridgeClass>.properties` });
    const simpleName = input.bridgeClass?.trim().split('.').pop();
    if (simpleName !== undefined && simpleName !== '' && configName !== `${simpleName}.properties`) {
      problems.push({ message: `The middleware looks for ${simpleName}.properties for the bridge ${input.bridgeClass?.trim() ?? ''}, not ${configName}` });
    }
    entries.push({
      file: config,
      fileName: configName,
      kind: 'config',
      copy: true,
      command: shellCommand(['docker', 'cp', config, `${container}:${MIDDLEWARE_CONFIG_DIR}/`]),
    });
    configCommand = shellCommand(['docker', 'cp', config, `${container}:${MIDDLEWARE_CONFIG_DIR}/`]);
    configCheckCommand = shellCommand(['docker', 'exec', container, 'ls', '-l', `${MIDDLEWARE_CONFIG_DIR}/${configName}`]);
    notes.push(
      `The configuration folder ${MIDDLEWARE_CONFIG_DIR} is persisted on a named volume, so ${configName} survives re-creating the container. ` +
        `To see which volume: docker inspect --format '{{range .Mounts}}{{.Name}} {{.Destination}}{{println}}{{end}}' ${shellQuote(container)}`,
    );
  }

  const script = [
    ...entries.filter((e) => !e.copy).map((e) => `# do not copy ${e.fileName}: ${e.reason ?? ''}`),
    ...copyCommands,
    checkCommand,
    ...(configCommand === undefined ? [] : [configCommand]),
    ...(configCheckCommand === undefined ? [] : [configCheckCommand]),
    restartCommand,
  ];
  return {
    entries,
    copyCommands,
    checkCommand,
    ...(configCommand === undefined ? {} : { configCommand }),
    ...(configCheckCommand === undefined ? {} : { configCheckCommand }),
    restartCommand,
    notes,
    problems,
    script,
  };
}
