/**
 * NATS secured as a production fleet runs it (issue 40): nats-server with TLS that verifies client
 * certificates, and each way the mediator can authenticate: user and password in the `--nats` URL
 * (an account with users), an NKey seed (`--nats-nkey-file`), a token in the URL, and a credentials
 * file (`--nats-creds`, operator mode: JWTs made by the test, no nsc). Each runs a real
 * `mediator serve` with the flags and a channel end to end; the shared configuration store (the
 * default with --nats alone) reaches the same server with the same options. Wrong passwords,
 * certificates and credentials fail the channel with a reason naming NATS and the cause, and the
 * server keeps answering. No secret appears in the log or the answers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsSkipReason, skipNats } from '../../test-support/nats-cluster.js';
import { nkeyUser, operatorSetup } from '../../test-support/nats-jwt.js';
import { startMediatorServe, startProcess, stopAll, type TestProcess } from '../../test-support/processes.js';
import { expectChannelFails, expectChannelRuns, expectNoSecretShown, pokeDefaultPublisher } from '../../test-support/secured-channel.js';
import { startSecuredNats, type SecuredNats } from '../../test-support/secured-nats.js';
import { mediatorCli } from '../../test-support/shared-data.js';
import { makeCertificates, type CertificateFiles } from '../../test-support/test-certificates.js';
import type { NatsSecurity } from '../nats/nats-security.js';
import { NatsTransport } from './nats-transport.js';

const dir = mkdtempSync(join(tmpdir(), 'mediator-nats-secured-test-'));
const processes: TestProcess[] = [];
const clients: NatsTransport[] = [];
const servers: SecuredNats[] = [];
const PASSWORD = 'alice-Pa55word-7f3c';
const TOKEN = 'tok-93b1e0c4a5d2f7e8';
let certs: CertificateFiles;
let users: SecuredNats;
let tokens: SecuredNats;
let operator: SecuredNats;
let creds: { readonly file: string; readonly text: string; readonly strangerFile: string };
let nkey: { readonly file: string; readonly seed: string };

beforeAll(async () => {
  if (skipNats) return;
  certs = await makeCertificates(dir);
  const tls = { caFile: certs.ca, certFile: certs.clientCert, keyFile: certs.clientKey };
  const user = nkeyUser();
  nkey = { file: join(dir, 'user.nk'), seed: user.seed };
  writeFileSync(nkey.file, `${user.seed}\n`);
  const trust = operatorSetup();
  creds = { file: join(dir, 'user.creds'), text: trust.creds, strangerFile: join(dir, 'stranger.creds') };
  writeFileSync(creds.file, trust.creds);
  writeFileSync(creds.strangerFile, trust.strangerCreds);
  // Each server is kept for afterAll as soon as it runs: one that fails to start must not leave the others running.
  const kept = (started: Promise<SecuredNats>): Promise<SecuredNats> => started.then((s) => (servers.push(s), s));
  [users, tokens, operator] = await Promise.all([
    kept(
      startSecuredNats({
        certificates: certs,
        auth: `accounts { APP { jetstream: enabled, users: [ { user: alice, password: "${PASSWORD}" }, { nkey: ${user.publicKey} } ] } }`,
        probe: { tls, user: 'alice', pass: PASSWORD },
      }),
    ),
    kept(startSecuredNats({ certificates: certs, auth: `authorization { token: "${TOKEN}" }`, probe: { tls, token: TOKEN } })),
    kept(
      startSecuredNats({
        certificates: certs,
        auth: trust.serverConfig,
        probe: { tls, authenticator: (await import('nats')).credsAuthenticator(new TextEncoder().encode(trust.creds)) },
      }),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await Promise.allSettled(clients.map((c) => c.close()));
  await Promise.allSettled(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

function tlsArgs(files: { ca?: string; cert?: string; key?: string } = { ca: certs.ca, cert: certs.clientCert, key: certs.clientKey }): string[] {
  return [
    ...(files.ca === undefined ? [] : ['--nats-ca', files.ca]),
    ...(files.cert === undefined ? [] : ['--nats-cert', files.cert]),
    ...(files.key === undefined ? [] : ['--nats-key', files.key]),
  ];
}

async function serve(args: readonly string[]) {
  const data = mkdtempSync(join(dir, 'data-'));
  return startMediatorServe(mediatorCli, data, { args: [...args, '--log-level', 'debug'], timeoutMs: 60_000, started: processes });
}

/** A client of the test's own on `url` with `security`. */
function client(url: string, security: NatsSecurity): NatsTransport {
  const transport = new NatsTransport({
    servers: url,
    security: { tls: { ca: readPem(certs.ca), cert: readPem(certs.clientCert), key: readPem(certs.clientKey) }, ...security },
  });
  clients.push(transport);
  return transport;
}

function readPem(file: string): string {
  return readFileSync(file, 'utf8');
}

const userUrl = (password: string) => users.url.replace('nats://', `nats://alice:${encodeURIComponent(password)}@`);

describe.skipIf(skipNats)(`NATS with TLS client verification and credentials ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('runs a channel and the shared store with user:password in the --nats URL and client certificates; shows no secret', async () => {
    const server = await serve(['--nats', userUrl(PASSWORD), ...tlsArgs()]);
    await expectChannelRuns(server.url, { chanType: 'NN', source: 'sec.user.src', sink: 'sec.user.sink' }, client(userUrl(PASSWORD), {}), 'nats-user');
    // --nats alone: the store is the fleet's, on that server (not nats://127.0.0.1:4222).
    expect(server.process.text('stderr')).toMatch(/Configuration: shared, in the NATS JetStream buckets/);
    expect(server.process.text('stderr')).toContain(`nats (nats://***@127.0.0.1:${users.port}; TLS with a client certificate)`);
    await expectNoSecretShown(server.url, server.process, [PASSWORD]);
  }, 180_000);

  it('runs a channel with an NKey seed file, and with a token in the URL', async () => {
    const withSeed = await serve(['--nats', users.url, '--store', 'sqlite', ...tlsArgs(), '--nats-nkey-file', nkey.file]);
    await expectChannelRuns(
      withSeed.url,
      { chanType: 'NN', source: 'sec.nkey.src', sink: 'sec.nkey.sink' },
      client(users.url, { nkeySeed: nkey.seed }),
      'nats-nkey',
    );
    await expectNoSecretShown(withSeed.url, withSeed.process, [nkey.seed]);
    const tokenUrl = tokens.url.replace('nats://', `nats://${TOKEN}@`);
    const withToken = await serve(['--nats', tokenUrl, '--store', 'sqlite', ...tlsArgs()]);
    await expectChannelRuns(withToken.url, { chanType: 'NN', source: 'sec.token.src', sink: 'sec.token.sink' }, client(tokenUrl, {}), 'nats-token');
    await expectNoSecretShown(withToken.url, withToken.process, [TOKEN]);
  }, 180_000);

  it('runs a channel and the shared store with a credentials file (operator mode); shows none of it', async () => {
    const server = await serve(['--nats', operator.url, ...tlsArgs(), '--nats-creds', creds.file]);
    await expectChannelRuns(
      server.url,
      { chanType: 'NN', source: 'sec.creds.src', sink: 'sec.creds.sink' },
      client(operator.url, { creds: creds.text }),
      'nats-creds',
    );
    const seed = /SU[A-Z2-7]{56}/.exec(creds.text)![0];
    const jwt = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/m.exec(creds.text)![0];
    await expectNoSecretShown(server.url, server.process, [seed, jwt]);
  }, 180_000);

  it('fails the channel, not the server, on a wrong password, an untrusted server, a missing client certificate or unknown credentials', async () => {
    const cases: { args: string[]; reason: RegExp[]; secret?: string }[] = [
      { args: ['--nats', userUrl('wrong-Pa55word-0000'), ...tlsArgs()], reason: [/NATS/, /authori[sz]ation/i], secret: 'wrong-Pa55word-0000' },
      {
        args: ['--nats', userUrl(PASSWORD), ...tlsArgs({ ca: certs.otherCa, cert: certs.clientCert, key: certs.clientKey })],
        reason: [/NATS/, /certificate/i],
      },
      { args: ['--nats', userUrl(PASSWORD), ...tlsArgs({ ca: certs.ca })], reason: [/NATS/, /client certificate/] },
      { args: ['--nats', operator.url, ...tlsArgs(), '--nats-creds', creds.strangerFile], reason: [/NATS/, /authori[sz]ation/i] },
    ];
    for (const [i, c] of cases.entries()) {
      const server = await serve([...c.args, '--store', 'sqlite']);
      const reason = await expectChannelFails(server.url, { chanType: 'NN', source: `sec.fail${i}.src`, sink: `sec.fail${i}.sink` }, c.reason);
      expect(reason).not.toContain(PASSWORD);
      if (c.secret !== undefined)
        await expectNoSecretShown(server.url, server.process, [c.secret, PASSWORD], await pokeDefaultPublisher(server.url, `sec.poke${i}`));
      await server.process.stop({ signal: 'SIGKILL' });
    }
  }, 240_000);

  it('exits naming the shared store and the cause, without the password, when the store refuses the credentials', async () => {
    const wrong = 'store-Pa55word-wrong1';
    const data = mkdtempSync(join(dir, 'data-'));
    const proc = startProcess('mediator serve (store refused)', process.execPath, [
      mediatorCli,
      'serve',
      '--port',
      '0',
      '--data',
      data,
      '--nats',
      userUrl(wrong),
      ...tlsArgs(),
    ]);
    processes.push(proc);
    const exit = await proc.exited({ timeoutMs: 90_000 });
    expect(exit.code, proc.output()).not.toBe(0);
    expect(proc.output()).toMatch(/configuration store .*nats:\/\/127\.0\.0\.1:\d+.*Authorization Violation/is);
    // At the first refusal, not after retrying until a time-out could hide the server's words.
    expect(proc.output()).toMatch(/Authorization Violation'?\. Check the credentials given with --nats/i);
    expect(proc.output()).not.toContain(wrong);
  }, 120_000);
});
