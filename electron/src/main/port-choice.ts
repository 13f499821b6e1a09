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

/** What answered on the taken port. */
export type PortOccupant =
  | { readonly kind: 'mediator'; readonly version: string }
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

/** What the user may choose: connecting makes sense only when our own mediator answers. */
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
  const mediator = conflict.occupant.kind === 'mediator';
  const detail = mediator
    ? `A Mediator Workbench server (version ${conflict.occupant.version}) is already running at ${conflict.url}. ` +
      'Connecting to it shows its alignments and channels, kept in its own data folder. ' +
      'Another port starts a separate server with this app\'s data.'
    : `Something else is listening on ${conflict.url} (${conflict.occupant.detail}). ` +
      'The app can start its mediator on another free port instead.';
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

export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}>;

/** GET {url}/version: our mediator answers `{ name: 'mediator-workbench', version }`. */
export async function probeMediator(url: string, fetchImpl: FetchLike = fetch, timeoutMs = 2000): Promise<PortOccupant> {
  try {
    const response = await fetchImpl(`${url}/version`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { kind: 'other', detail: `GET /version answered HTTP ${response.status}` };
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { name, version } = body as { name?: unknown; version?: unknown };
      if (name === MEDIATOR_NAME && typeof version === 'string') return { kind: 'mediator', version };
      if (typeof name === 'string') return { kind: 'other', detail: `GET /version names "${name}", not the Mediator Workbench` };
    }
    return { kind: 'other', detail: 'GET /version did not answer as a mediator' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'other', detail: `GET /version failed: ${reason}` };
  }
}
