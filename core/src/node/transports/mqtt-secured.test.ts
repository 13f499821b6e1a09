/**
 * MQTT secured (issue 40), checked as Kafka and NATS are: Mosquitto with TLS that requires a client
 * certificate and users from a password file (mosquitto_passwd, no anonymous client). A real
 * `mediator serve --mqtt mqtts://USER:PASSWORD@... --mqtt-ca --mqtt-cert --mqtt-key` runs a
 * channel end to end; a wrong password and an untrusted broker certificate fail the channel with a
 * reason naming the MQTT broker and the cause while the server keeps answering; the password is
 * shown nowhere (the URL is shown as mqtts://***@...).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { expectChannelFails, expectChannelRuns, expectNoSecretShown, pokeDefaultPublisher } from '../../test-support/secured-channel.js';
import { mediatorCli } from '../../test-support/shared-data.js';
import { makeCertificates, type CertificateFiles } from '../../test-support/test-certificates.js';
import { MqttTransport } from './mqtt-transport.js';

const MOSQUITTO_PASSWD = process.env.MEDIATOR_MOSQUITTO_PASSWD ?? 'mosquitto_passwd';
const dir = mkdtempSync(join(tmpdir(), 'mediator-mqtt-secured-test-'));
const processes: TestProcess[] = [];
const clients: MqttTransport[] = [];
const PASSWORD = 'mqtt-Pa55word-5e2a91';
let certs: CertificateFiles;
let broker: MosquittoBroker | undefined;

beforeAll(async () => {
  if (skipMosquitto) return;
  certs = await makeCertificates(dir);
  const passwordFile = join(dir, 'passwd');
  const made = spawnSync(MOSQUITTO_PASSWD, ['-b', '-c', passwordFile, 'mediator', PASSWORD], { encoding: 'utf8', timeout: 20_000 });
  if (made.status !== 0) throw new Error(`${MOSQUITTO_PASSWD} failed: ${made.stderr || String(made.error)}`);
  broker = await startMosquitto({ secured: { ca: certs.ca, cert: certs.serverCert, key: certs.serverKey, passwordFile } });
}, 60_000);

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await Promise.allSettled(clients.map((c) => c.close()));
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

const urlWith = (password: string) => broker!.url.replace('mqtts://', `mqtts://mediator:${encodeURIComponent(password)}@`);

function tlsArgs(ca = certs.ca): string[] {
  return ['--mqtt-ca', ca, '--mqtt-cert', certs.clientCert, '--mqtt-key', certs.clientKey];
}

async function serve(args: readonly string[]) {
  return startMediatorServe(mediatorCli, mkdtempSync(join(dir, 'data-')), { args: [...args, '--log-level', 'debug'], timeoutMs: 60_000, started: processes });
}

describe.skipIf(skipMosquitto)(`MQTT with TLS client verification and a password file ${skipMosquitto ? `(${mosquittoSkipReason})` : ''}`, () => {
  it('runs a channel with user:password in the mqtts:// URL and client certificates; shows no password', async () => {
    const server = await serve(['--mqtt', urlWith(PASSWORD), ...tlsArgs()]);
    const tls = { ca: readFileSync(certs.ca, 'utf8'), cert: readFileSync(certs.clientCert, 'utf8'), key: readFileSync(certs.clientKey, 'utf8') };
    const client = new MqttTransport({ url: urlWith(PASSWORD), tls, clientIdPrefix: 'secured-checker' });
    clients.push(client);
    await expectChannelRuns(server.url, { chanType: 'MM', source: 'sec/mqtt.src', sink: 'sec/mqtt.sink' }, client, 'mqtt-sec');
    expect(server.process.text('stderr')).toContain(`mqtt (mqtts://***@127.0.0.1:${broker!.port}; TLS with a client certificate)`);
    await expectNoSecretShown(server.url, server.process, [PASSWORD]);
  }, 120_000);

  it('fails the channel, not the server, on a wrong password or an untrusted broker certificate', async () => {
    const wrong = 'wrong-Pa55word-31337';
    const cases = [
      {
        args: ['--mqtt', urlWith(wrong), ...tlsArgs()],
        reason: [/the MQTT broker mqtts:\/\/\*\*\*@127\.0\.0\.1:\d+/, /not authori[sz]ed|bad user name or password/i],
      },
      { args: ['--mqtt', urlWith(PASSWORD), ...tlsArgs(certs.otherCa)], reason: [/the MQTT broker mqtts:\/\/\*\*\*@127\.0\.0\.1:\d+/, /certificate/i] },
    ];
    for (const [i, c] of cases.entries()) {
      const server = await serve(c.args);
      const reason = await expectChannelFails(server.url, { chanType: 'MM', source: `sec/fail${i}.src`, sink: `sec/fail${i}.sink` }, c.reason);
      expect(reason).not.toContain(PASSWORD);
      // The publisher's broker state (GET /version?details=true) once carried the URL with its password.
      const answers = i === 0 ? await pokeDefaultPublisher(server.url, `sec/poke${i}`) : [];
      await expectNoSecretShown(server.url, server.process, [PASSWORD, wrong], answers);
      await server.process.stop({ signal: 'SIGKILL' });
    }
  }, 180_000);
});
