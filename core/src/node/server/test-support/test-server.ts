/**
 * A real server on a free loopback port with its own data folder, for the API tests: every server
 * test needs the same three things (a throwaway folder, a log that prints nothing, and cleanup of
 * both), and writing them out per file let them drift.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../start-server.js';

/** A log stream that swallows every line (request logs would bury the test output). */
export function silentLog(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

/** A fresh data folder under the system's temporary folder, named for the test that owns it. */
export function tempDataDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `mediator-${label}-`));
}

export interface TestServer {
  readonly server: RunningServer;
  readonly dataDir: string;
  /** Closes the server, then removes its data folder. */
  stop(): Promise<void>;
}

/** Starts a server on port 0 over a new data folder; options override the defaults. */
export async function startTestServer(label: string, options: Partial<StartOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir(label);
  const server = await startServer({ port: 0, logStream: silentLog(), ...options, dataDir });
  return {
    server,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads an alignment and insists it was new (201): the fixture of most API tests. */
export async function uploadNew(server: RunningServer, xml: string): Promise<void> {
  const reply = await fetch(`${server.url}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' } });
  expect(reply.status, await reply.clone().text()).toBe(201);
}
