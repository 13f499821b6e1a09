/**
 * Throw-away nats-server processes for the transport tests: one JetStream server, or a three-node
 * JetStream cluster, on loopback only, each with its own store directory under the OS temp dir.
 *
 * The binary comes from Debian's `nats-server` package (CI installs it through `.ci/run`).
 * Locally, a missing binary skips the NATS suites with a message saying so; under `CI=true` the
 * suites run and fail loudly instead, so CI can never pass by skipping them.
 *
 * A test may also run against a current nats-server (NATS_SERVERS): `npm run setup` builds one into
 * .cache when Go is there (scripts/setup-nats.mjs). 2.10 and later behave differently on a cluster
 * (a conditional key write refused with 10164 while another write of the key replicates, which the
 * configuration store retries), and Debian's 2.9.10 never shows it. That build is optional (CI has
 * no Go), so its variants skip when it is missing, naming the path and `npm run setup`.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { freePort } from './loopback-ports.js';
import { startProcess, type TestProcess } from './processes.js';

export const NATS_SERVER_BIN = process.env.MEDIATOR_NATS_SERVER ?? '/usr/sbin/nats-server';

export const natsServerAvailable: boolean = existsSync(NATS_SERVER_BIN);

/** True when the NATS suites should be skipped: binary missing and not running under CI. */
export const skipNats: boolean = !natsServerAvailable && process.env.CI !== 'true';

/** The reason, for describe names: the skip is visible in the test report. */
export const natsSkipReason = `skipped: ${NATS_SERVER_BIN} not found (apt-get install nats-server, or set MEDIATOR_NATS_SERVER)`;

/** A nats-server binary a suite can run against, with whether (and why) its variant is skipped. */
export interface NatsServerBinary {
  /** For test names, e.g. `nats-server v2.15.2 (npm run setup's build)`. */
  readonly label: string;
  readonly bin: string;
  readonly skip: boolean;
  readonly skipReason: string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The version `npm run setup` builds: one file, read by scripts/setup-nats.mjs and bench/nats-servers.ts too. */
export const CURRENT_NATS_VERSION = (JSON.parse(readFileSync(join(root, 'scripts/nats/server-build.json'), 'utf8')) as { version: string }).version;

const currentBin = join(root, '.cache/nats-server', CURRENT_NATS_VERSION, 'nats-server');

/** The default server of every NATS suite (the apt package, or MEDIATOR_NATS_SERVER). */
export const DEFAULT_NATS_SERVER: NatsServerBinary = {
  label: process.env.MEDIATOR_NATS_SERVER === undefined ? 'the apt nats-server' : `MEDIATOR_NATS_SERVER (${NATS_SERVER_BIN})`,
  bin: NATS_SERVER_BIN,
  skip: skipNats,
  skipReason: natsSkipReason,
};

/** The current server `npm run setup` builds when Go is on the PATH; skipped (also under CI) when it is not built. */
export const CURRENT_NATS_SERVER: NatsServerBinary = {
  label: `nats-server ${CURRENT_NATS_VERSION} (npm run setup's build)`,
  bin: currentBin,
  skip: !existsSync(currentBin),
  skipReason: `skipped: ${currentBin} is not built (npm run setup builds it when Go is on the PATH)`,
};

/** The servers a suite runs against with describe.each: the default, then the current build unless it is the same file. */
export const NATS_SERVERS: readonly NatsServerBinary[] = sameFile(NATS_SERVER_BIN, currentBin)
  ? [DEFAULT_NATS_SERVER]
  : [DEFAULT_NATS_SERVER, CURRENT_NATS_SERVER];

/** True when both paths name one file (.cache is often a symlink, so MEDIATOR_NATS_SERVER may spell the build another way). */
function sameFile(a: string, b: string): boolean {
  return existsSync(a) && existsSync(b) ? realpathSync(a) === realpathSync(b) : resolve(a) === resolve(b);
}

/** Which binary a start function runs; NATS_SERVER_BIN by default. */
export interface NatsStartOptions {
  readonly bin?: string;
}

interface NodeSpec {
  readonly name: string;
  readonly port: number;
  readonly clusterPort: number | undefined;
  readonly storeDir: string;
}

export interface NatsNodeHandle {
  readonly name: string;
  readonly url: string;
  readonly running: boolean;
}

export interface NatsCluster {
  /** Client URLs of every node, `nats://127.0.0.1:<port>`. */
  readonly servers: readonly string[];
  /** `servers` joined with commas (the form `loadTransport({ url })` takes). */
  readonly url: string;
  readonly nodes: readonly NatsNodeHandle[];
  /** SIGKILL one node (a crash: no graceful shutdown, no leadership hand-off). */
  kill(nodeIndex: number): Promise<void>;
  /** Starts a killed node again with the same name, ports and store directory. */
  restart(nodeIndex: number): Promise<void>;
  /** Stops every node and removes the store directories. Safe to call twice. */
  stop(): Promise<void>;
}

function requireBinary(bin: string): void {
  if (!existsSync(bin)) {
    throw new Error(
      `nats-server is required for the NATS transport tests but ${bin} does not exist. ` +
        (bin === NATS_SERVER_BIN
          ? 'Install it with `apt-get install nats-server` (CI does this in .ci/run) or point MEDIATOR_NATS_SERVER at a binary.'
          : '`npm run setup` builds it when Go is on the PATH.'),
    );
  }
}

class Node {
  process: TestProcess | undefined;

  constructor(
    readonly spec: NodeSpec,
    private readonly routes: readonly string[],
    private readonly clusterName: string | undefined,
    private readonly bin: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.spec.port}`;
  }

  get running(): boolean {
    return this.process?.running ?? false;
  }

  /** The current process's output (the last 64 KB), for diagnostics. */
  get output(): string {
    return this.process?.output() ?? '';
  }

  start(): void {
    const args = ['-a', '127.0.0.1', '-p', String(this.spec.port), '-js', '-sd', this.spec.storeDir, '-n', this.spec.name];
    if (this.spec.clusterPort !== undefined && this.clusterName !== undefined) {
      args.push('--cluster_name', this.clusterName, '--cluster', `nats://127.0.0.1:${this.spec.clusterPort}`);
      args.push('--routes', this.routes.join(','));
    }
    // Run in its store folder: a node restarted just before the cluster's stop once wrote a
    // consumer's meta.inf and meta.sum into its working folder, the repository's root.
    this.process = startProcess(`nats-server ${this.spec.name}`, this.bin, args, { cwd: this.spec.storeDir });
  }

  /** Signals the node and awaits its exit (SIGKILL after 3 s; bounded, failing with the node's output). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await this.process?.stop({ signal, graceMs: 3000 });
  }
}

/**
 * Waits until JetStream answers on every given URL (cluster: a meta leader was elected) and each
 * node knows `meshSize` servers, so tests start on a fully routed cluster, not a quorum of it.
 */
async function waitJetStreamReady(nodes: readonly Node[], timeoutMs: number, meshSize = 1): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const node of nodes) {
    let lastError: unknown;
    for (;;) {
      if (!node.running) {
        throw new Error(`nats-server ${node.spec.name} exited during start-up:\n${node.output}`);
      }
      try {
        const nc = await connect({ servers: node.url, timeout: 1000, reconnect: false });
        try {
          const jsm = await nc.jetstreamManager({ timeout: 1000 });
          await jsm.getAccountInfo();
          const known = nc.info?.connect_urls?.length ?? 1;
          if (known >= meshSize) break;
          lastError = new Error(`${node.spec.name} knows ${known} of ${meshSize} servers`);
        } finally {
          await nc.close();
        }
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        throw new Error(`nats-server ${node.spec.name} did not get JetStream ready within ${timeoutMs} ms: ${String(lastError)}\n${node.output}`);
      }
      await sleep(100);
    }
  }
}

/**
 * Starts the nodes; a cluster that does not form is started once more on fresh ports and store
 * directories. Debian's nats-server 2.9.10 sometimes loses a route when two nodes dial each other
 * at the same moment (both close it as a "Duplicate Route" and the node stays short of the mesh for
 * good), which a longer wait does not cure; a second start does.
 */
async function launch(count: number, bin: string): Promise<NatsCluster> {
  requireBinary(bin);
  if (count === 1) return launchOnce(count, bin);
  try {
    return await launchOnce(count, bin);
  } catch (first) {
    // Said on stderr so a slow test shows why it took two start-ups.
    process.stderr.write(`nats-cluster: starting the ${count}-node cluster once more: ${errorText(first).split('\n')[0]}\n`);
    try {
      return await launchOnce(count, bin);
    } catch (second) {
      throw new Error(`a ${count}-node cluster did not form twice; first: ${errorText(first)}\nthen: ${errorText(second)}`, { cause: second });
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function launchOnce(count: number, bin: string): Promise<NatsCluster> {
  const clustered = count > 1;
  const clusterName = clustered ? `mediator-test-${process.pid}-${Date.now().toString(36)}` : undefined;
  const specs: NodeSpec[] = [];
  const storeDirs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const storeDir = await mkdtemp(join(tmpdir(), `mediator-nats-${i}-`));
    storeDirs.push(storeDir);
    specs.push({
      name: `n${i + 1}`,
      port: await freePort(),
      clusterPort: clustered ? await freePort() : undefined,
      storeDir,
    });
  }
  const routes = specs.flatMap((s) => (s.clusterPort === undefined ? [] : [`nats://127.0.0.1:${s.clusterPort}`]));
  const nodes = specs.map((s) => new Node(s, routes, clusterName, bin));
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    await Promise.all(storeDirs.map((d) => rm(d, { recursive: true, force: true })));
  };
  try {
    for (const node of nodes) node.start();
    await waitJetStreamReady(nodes, 20_000, nodes.length);
  } catch (error) {
    await stop();
    throw error;
  }
  const index = (i: number): Node => {
    const node = nodes[i];
    if (node === undefined) throw new Error(`no NATS node ${i} (there are ${nodes.length})`);
    return node;
  };
  return {
    servers: nodes.map((n) => n.url),
    url: nodes.map((n) => n.url).join(','),
    nodes: nodes.map((n) => ({
      get name() {
        return n.spec.name;
      },
      get url() {
        return n.url;
      },
      get running() {
        return n.running;
      },
    })),
    kill: async (i) => index(i).kill('SIGKILL'),
    restart: async (i) => {
      const node = index(i);
      await node.kill('SIGKILL');
      node.start();
      await waitJetStreamReady([node], 20_000, nodes.length);
    },
    stop,
  };
}

/** One JetStream server: `nats-server -a 127.0.0.1 -p <free> -js -sd <tmp> -n n1`. */
export function startNatsServer(options: NatsStartOptions = {}): Promise<NatsCluster> {
  return launch(1, options.bin ?? NATS_SERVER_BIN);
}

/** A three-node JetStream cluster on loopback (`--cluster_name`, `--routes`, `-n n1..n3`). */
export function startNatsCluster(size = 3, options: NatsStartOptions = {}): Promise<NatsCluster> {
  return launch(size, options.bin ?? NATS_SERVER_BIN);
}
