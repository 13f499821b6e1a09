#!/usr/bin/env node
// Part of `npm run setup`: a current nats-server for the NATS channel benchmark, built from its Go
// module into .cache/nats-server/<version>/ when Go is on the PATH (about a minute; nothing to do
// when it is there). The three-node cluster's row is bound by the servers' CPU, and Debian's
// nats-server 2.9.10 (Dec 2022) takes a quarter to three fifths more CPU per message than this one (issue 42;
// README, "The NATS cluster (R3) is bound by the servers' CPU"). The bench uses the build when it
// finds it (bench/nats-servers.ts); the tests keep the apt server unless MEDIATOR_NATS_SERVER says
// otherwise, and run the configuration store's cluster race on this build too when it is there
// (core/src/test-support/nats-cluster.ts). Without Go, or when the build fails, the set-up goes on and the bench uses the apt server:
// this step never fails the set-up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The one place naming the version: the bench and the test support read the same file. */
const VERSION = JSON.parse(readFileSync(join(root, 'scripts', 'nats', 'server-build.json'), 'utf8')).version;
const BUILD_TIMEOUT_MS = 10 * 60 * 1000;
const dir = join(root, '.cache', 'nats-server', VERSION);
const bin = join(dir, 'nats-server');
const label = 'setup-nats';

if (existsSync(bin)) {
  console.log(`[${label}] ${bin} is there`);
} else if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
  console.log(`[${label}] no Go on the PATH: the NATS bench uses the apt nats-server (install Go and run npm run setup again for ${VERSION})`);
} else {
  // Built into a folder beside the target and renamed into place, so an interrupted build never looks complete.
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const started = Date.now();
  console.log(`[${label}] go install github.com/nats-io/nats-server/v2@${VERSION} (at most ${BUILD_TIMEOUT_MS / 60000} min)`);
  const result = spawnSync('go', ['install', `github.com/nats-io/nats-server/v2@${VERSION}`], {
    // Go's own lines (a "go: downloading" per module) stay out of the set-up's log unless the build fails.
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
    timeout: BUILD_TIMEOUT_MS,
    env: { ...process.env, GOBIN: partial, CGO_ENABLED: '0' },
  });
  if (result.status === 0 && existsSync(join(partial, 'nats-server'))) {
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    console.log(`[${label}] built ${bin} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    rmSync(partial, { recursive: true, force: true });
    const why = result.error?.message ?? `exit ${result.status ?? result.signal}`;
    const said = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    if (said !== '') console.log(said);
    console.log(`[${label}] the build failed (${why}): the NATS bench uses the apt nats-server`);
  }
}
