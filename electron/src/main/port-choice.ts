/**
 * Where the app's mediator runs. The app starts its own server on 127.0.0.1:8888; when that port is
 * taken it says so and, after checking what answers there, offers to connect to a mediator already
 * running on it or to use another free port.
 *
 * Everything Electron-specific (the dialog) and everything with side effects (starting the server,
 * the HTTP probe) comes in through `PortChoiceDeps`, so the decisions are tested without Electron.
 */

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8888;
/**
 * Ports tried after 8888 before letting the OS pick one. A stable port keeps the UI's origin, and
 * with it the browser storage scoped to that origin, the same from one launch to the next.
 */
export const FALLBACK_PORTS: readonly number[] = [8889, 8890, 8891, 8892, 8893, 8894, 8895, 8896, 8897, 8898];

/** The name our server reports on GET /version (core/src/node/server/routes.ts). */
export const MEDIATOR_NAME = 'mediator-workbench';
/** The title of our OpenAPI document (core/src/node/server/build-server.ts). */
export const OPENAPI_TITLE = 'Mediator Workbench REST API';
/** IPSM paths our OpenAPI document lists (core/src/node/server/routes.ts). */
export const OPENAPI_PATHS: readonly string[] = ['/alignments', '/translation', '/channels'];
/** A path no server of ours routes: it must answer our JSON error contract, 404 `{code: 'ROUTE_NOT_FOUND', message}` (`NOT_FOUND` before 0.1.0's issue 31). */
export const UNKNOWN_PATH = '/mediator-workbench-probe/no-such-path';

/**
 * What answered on the taken port: our mediator (the app may connect to it), our mediator started
 * with a bearer token (the app has no token to give it), or anything else.
 */
export type PortOccupant =
  | { readonly kind: 'mediator'; readonly version: string }
  | { readonly kind: 'mediator-needs-token'; readonly detail: string }
  | { readonly kind: 'other'; readonly detail: string };

export interface PortConflict {
  readonly url: string;
  readonly port: number;
  readonly occupant: PortOccupant;
}

export type ConflictChoice = 'connect' | 'other-port' | 'quit';

/** A server this app started and must close on quit. */
export interface StartedServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export type MediatorConnection =
  | { readonly kind: 'owned'; readonly server: StartedServer; readonly url: string; readonly port: number }
  | { readonly kind: 'external'; readonly url: string; readonly port: number; readonly mediatorVersion: string }
  | { readonly kind: 'quit' };

export interface PortChoiceDeps {
  /** Starts our server on the port (0 = any free port); rejects with `code: 'EADDRINUSE'` when taken. */
  start(port: number): Promise<StartedServer>;
  /** Finds out what answers at the URL (see `probeMediator`). */
  probe(url: string): Promise<PortOccupant>;
  /** Asks the user what to do (see `conflictDialog`). */
  ask(conflict: PortConflict): Promise<ConflictChoice>;
}

export interface PortChoiceOptions {
  readonly host?: string;
  readonly port?: number;
  readonly fallbackPorts?: readonly number[];
}

export function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

export function serverUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * What the user may choose: connecting only to a server proven to be our mediator. Not to one that
 * needs a token: its identity rests on its 401 answers alone, and the window would give its pages
 * the desktop bridge (native file dialogs).
 */
export function conflictChoices(conflict: PortConflict): ConflictChoice[] {
  return conflict.occupant.kind === 'mediator' ? ['connect', 'other-port', 'quit'] : ['other-port', 'quit'];
}

export interface ConflictDialog {
  readonly type: 'question' | 'warning';
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: string[];
  /** `choices[i]` is what `buttons[i]` means. */
  readonly choices: ConflictChoice[];
  readonly defaultId: number;
  readonly cancelId: number;
}

const BUTTON_LABELS: Record<ConflictChoice, string> = {
  connect: 'Connect to the Running Mediator',
  'other-port': 'Use Another Port',
  quit: 'Quit',
};

export function conflictDialog(conflict: PortConflict): ConflictDialog {
  const choices = conflictChoices(conflict);
  const { occupant } = conflict;
  const mediator = occupant.kind === 'mediator';
  const detail =
    occupant.kind === 'mediator'
      ? `A Mediator Workbench server (version ${occupant.version}) is already running at ${conflict.url}. ` +
        'Connecting to it shows its alignments and channels, kept in its own data folder. ' +
        "Another port starts a separate server with this app's data."
      : occupant.kind === 'mediator-needs-token'
        ? `A Mediator Workbench server that requires an access token seems to be running at ${conflict.url} (${occupant.detail}). ` +
          'Without the token the app cannot check that it really is one, so it does not connect to it (a browser with the token can). ' +
          'The app can start its own mediator on another free port instead.'
        : `Something else is listening on ${conflict.url} (${occupant.detail}). ` + 'The app can start its mediator on another free port instead.';
  return {
    type: mediator ? 'question' : 'warning',
    title: 'Port in use',
    message: `Port ${conflict.port} is already in use.`,
    detail,
    buttons: choices.map((choice) => BUTTON_LABELS[choice]),
    choices,
    defaultId: 0,
    cancelId: choices.indexOf('quit'),
  };
}

/** Maps the index `dialog.showMessageBox` answers back to a choice (anything unknown quits). */
export function choiceAt(dialog: ConflictDialog, response: number): ConflictChoice {
  return dialog.choices[response] ?? 'quit';
}

export async function chooseServer(options: PortChoiceOptions, deps: PortChoiceDeps): Promise<MediatorConnection> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  try {
    const server = await deps.start(port);
    return { kind: 'owned', server, url: server.url, port: server.port };
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
  }
  const url = serverUrl(host, port);
  const conflict: PortConflict = { url, port, occupant: await deps.probe(url) };
  const choice = await deps.ask(conflict);
  if (choice === 'connect' && conflict.occupant.kind === 'mediator') {
    return { kind: 'external', url, port, mediatorVersion: conflict.occupant.version };
  }
  if (choice !== 'other-port') return { kind: 'quit' };
  for (const candidate of [...(options.fallbackPorts ?? FALLBACK_PORTS).filter((p) => p !== port), 0]) {
    try {
      const server = await deps.start(candidate);
      return { kind: 'owned', server, url: server.url, port: server.port };
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
    }
  }
  // Port 0 never reports EADDRINUSE, so this is not reached in practice.
  throw new Error('No free port found for the mediator server');
}

export interface ProbeResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<ProbeResponse>;

/** Semantic Versioning 2.0.0, section 2 (MAJOR.MINOR.PATCH) with the optional pre-release and build parts. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** What one probe found: a feature of our server, our token refusal, or something that is not ours. */
type Finding = { readonly kind: 'ours'; readonly version?: string } | { readonly kind: 'locked' } | { readonly kind: 'not-ours'; readonly detail: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Our JSON error contract (core/src/common/errors.ts): `{code, message}`, both strings. */
function isErrorBody(body: unknown, code?: string): boolean {
  return isRecord(body) && typeof body['code'] === 'string' && typeof body['message'] === 'string' && (code === undefined || body['code'] === code);
}

/**
 * Our server in token mode refuses every API request with 401, `WWW-Authenticate: Bearer ...`
 * (RFC 6750 section 3) and the JSON error `{code: 'UNAUTHORIZED', message}`.
 */
function isTokenRefusal(response: ProbeResponse, body: unknown): boolean {
  return response.status === 401 && /^Bearer\b/i.test(response.headers.get('www-authenticate') ?? '') && isErrorBody(body, 'UNAUTHORIZED');
}

async function jsonOf(response: ProbeResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return { ok: false };
  }
}

interface Probe {
  readonly path: string;
  /** Judges a 200-or-other answer whose body is JSON (token refusals are recognised before). */
  judge(status: number, body: unknown): Finding;
}

const PROBES: readonly Probe[] = [
  {
    path: '/version',
    judge(status, body) {
      if (status !== 200) return { kind: 'not-ours', detail: `GET /version answered HTTP ${status}` };
      if (!isRecord(body)) return { kind: 'not-ours', detail: 'GET /version did not answer as a mediator' };
      const { name, version } = body;
      if (name !== MEDIATOR_NAME) {
        return {
          kind: 'not-ours',
          detail: typeof name === 'string' ? `GET /version names "${name}", not the Mediator Workbench` : 'GET /version did not answer as a mediator',
        };
      }
      if (typeof version !== 'string' || !SEMVER.test(version)) return { kind: 'not-ours', detail: 'GET /version gives no semantic version' };
      return { kind: 'ours', version };
    },
  },
  {
    path: '/swagger/json',
    judge(status, body) {
      if (status !== 200) return { kind: 'not-ours', detail: `GET /swagger/json answered HTTP ${status}` };
      const info = isRecord(body) ? body['info'] : undefined;
      const paths = isRecord(body) ? body['paths'] : undefined;
      if (!isRecord(info) || info['title'] !== OPENAPI_TITLE)
        return { kind: 'not-ours', detail: 'its OpenAPI document is not the Mediator Workbench REST API' };
      const missing = OPENAPI_PATHS.filter((path) => !isRecord(paths) || !isRecord(paths[path]));
      if (missing.length > 0) return { kind: 'not-ours', detail: `its OpenAPI document lacks ${missing.join(', ')}` };
      return typeof info['version'] === 'string' ? { kind: 'ours', version: info['version'] } : { kind: 'ours' };
    },
  },
  {
    path: UNKNOWN_PATH,
    judge(status, body) {
      if (status === 404 && (isErrorBody(body, 'ROUTE_NOT_FOUND') || isErrorBody(body, 'NOT_FOUND'))) return { kind: 'ours' };
      return { kind: 'not-ours', detail: `an unknown path answered HTTP ${status} without the JSON error {code: 'ROUTE_NOT_FOUND', message}` };
    },
  },
];

async function runProbe(url: string, probe: Probe, fetchImpl: FetchLike, signal: AbortSignal): Promise<Finding> {
  try {
    const response = await fetchImpl(`${url}${probe.path}`, { signal, headers: { accept: 'application/json' } });
    const parsed = await jsonOf(response);
    if (!parsed.ok) return { kind: 'not-ours', detail: `GET ${probe.path} answered HTTP ${response.status} without JSON` };
    if (isTokenRefusal(response, parsed.body)) return { kind: 'locked' };
    return probe.judge(response.status, parsed.body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'not-ours', detail: `GET ${probe.path} failed: ${reason}` };
  }
}

/**
 * Finds out whether what answers at `url` is a Mediator Workbench server, by several independent
 * features, so that a program which merely answers GET /version like ours is not taken for it:
 * - GET /version: `{name: 'mediator-workbench', version}` with a semantic version;
 * - GET /swagger/json: the OpenAPI document titled 'Mediator Workbench REST API', listing the IPSM
 *   paths /alignments, /translation and /channels, of the same version;
 * - an unknown path: 404 with our JSON error `{code: 'ROUTE_NOT_FOUND', message}`.
 * A server that refuses all three with our token refusal (see `isTokenRefusal`) is our mediator
 * started with a bearer token: reported as such, never as one to connect to.
 */
export async function probeMediator(url: string, fetchImpl: FetchLike = fetch, timeoutMs = 2000): Promise<PortOccupant> {
  const signal = AbortSignal.timeout(timeoutMs);
  const findings = await Promise.all(PROBES.map((probe) => runProbe(url, probe, fetchImpl, signal)));
  const notOurs = findings.find((finding): finding is Extract<Finding, { kind: 'not-ours' }> => finding.kind === 'not-ours');
  if (notOurs !== undefined) return { kind: 'other', detail: notOurs.detail };
  if (findings.some((finding) => finding.kind === 'locked')) {
    // Every probe refused with our token refusal, or some did and the others matched our features.
    return { kind: 'mediator-needs-token', detail: 'it answers 401 UNAUTHORIZED without a bearer token' };
  }
  const versions = new Set(findings.flatMap((finding) => (finding.kind === 'ours' && finding.version !== undefined ? [finding.version] : [])));
  const [version] = versions;
  if (versions.size !== 1 || version === undefined) return { kind: 'other', detail: 'GET /version and its OpenAPI document give different versions' };
  return { kind: 'mediator', version };
}
