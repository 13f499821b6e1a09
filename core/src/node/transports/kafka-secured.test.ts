/**
 * Kafka secured as the middleware's deployment runs it (issue 40): one Kafka 4 broker (KRaft) with
 * an SSL listener that requires a client certificate (PEM key store; a CA made by the test with
 * openssl) and a SASL_SSL listener with PLAIN and SCRAM users (SCRAM credentials written at format
 * time). A real `mediator serve` with the new flags (or their MEDIATOR_* variables) runs a channel
 * end to end on each; the checker reads and writes over the plaintext listener. A wrong password
 * and an untrusted broker certificate fail the channel with a reason naming Kafka and the cause
 * while the server keeps answering; no password appears in the log or the answers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalKafkaBrokers, kafkaSkipReason, skipKafka, startKafkaBroker, type KafkaBroker } from '../../test-support/kafka-broker.js';
import { startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { expectChannelFails, expectChannelRuns, expectNoSecretShown } from '../../test-support/secured-channel.js';
import { mediatorCli } from '../../test-support/shared-data.js';
import { KEYSTORE_PASSWORD, makeCertificates, type CertificateFiles } from '../../test-support/test-certificates.js';
import { KafkaTransport } from './kafka-transport.js';

const skip = skipKafka || externalKafkaBrokers !== undefined;
const dir = mkdtempSync(join(tmpdir(), 'mediator-kafka-secured-test-'));
const processes: TestProcess[] = [];
const PASSWORD = 'kafka-Pa55word-c0ffee42';
const WRONG = 'wrong-Pa55word-deadbeef';
let certs: CertificateFiles;
let broker: KafkaBroker | undefined;
let checker: KafkaTransport | undefined;
let passwordFile: string;
let wrongPasswordFile: string;

beforeAll(async () => {
  if (skip) return;
  certs = await makeCertificates(dir);
  passwordFile = join(dir, 'password');
  wrongPasswordFile = join(dir, 'wrong-password');
  writeFileSync(passwordFile, `${PASSWORD}\n`);
  writeFileSync(wrongPasswordFile, `${WRONG}\n`);
  broker = await startKafkaBroker({ secured: { keystore: certs.serverKeystore, truststore: certs.ca, users: [{ name: 'mediator', password: PASSWORD }] } });
  checker = new KafkaTransport({ brokers: broker.brokers, clientId: 'secured-checker' });
}, 180_000);

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await checker?.close();
  await broker?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function serve(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return startMediatorServe(mediatorCli, mkdtempSync(join(dir, 'data-')), {
    args: [...args, '--log-level', 'debug'],
    timeoutMs: 60_000,
    started: processes,
    env,
  });
}

describe.skipIf(skip)(
  `Kafka over SSL with client certificates and SASL_SSL with SCRAM and PLAIN ${skip ? `(${kafkaSkipReason}, or an external broker)` : ''}`,
  () => {
    it('runs a channel over SSL with a client certificate (--kafka-ca with --kafka-cert and --kafka-key, or --kafka-keystore)', async () => {
      const server = await serve(['--kafka', broker!.secured!.ssl, '--kafka-ca', certs.ca, '--kafka-cert', certs.clientCert, '--kafka-key', certs.clientKey]);
      await expectChannelRuns(server.url, { chanType: 'KK', source: 'sec.ssl.src', sink: 'sec.ssl.sink' }, checker!, 'kafka-ssl');
      await server.process.stop({ signal: 'SIGTERM', graceMs: 15_000 });
      // The same client certificate from a PKCS#12 key store (what keytool makes of a Java key store).
      const p12 = await serve(['--kafka', broker!.secured!.ssl, '--kafka-ca', certs.ca, '--kafka-keystore', certs.clientKeystore], {
        MEDIATOR_KAFKA_KEYSTORE_PASSWORD: KEYSTORE_PASSWORD,
      });
      await expectChannelRuns(p12.url, { chanType: 'KK', source: 'sec.p12.src', sink: 'sec.p12.sink' }, checker!, 'kafka-p12');
      await expectNoSecretShown(p12.url, p12.process, [KEYSTORE_PASSWORD]);
    }, 240_000);

    it('runs a channel over SASL_SSL with SCRAM-SHA-512 (flags) and with PLAIN (variables); shows no password', async () => {
      const scram = await serve([
        '--kafka',
        broker!.secured!.saslSsl,
        '--kafka-ca',
        certs.ca,
        '--kafka-sasl',
        'scram-sha-512',
        '--kafka-user',
        'mediator',
        '--kafka-password-file',
        passwordFile,
      ]);
      await expectChannelRuns(scram.url, { chanType: 'KK', source: 'sec.scram.src', sink: 'sec.scram.sink' }, checker!, 'kafka-scram');
      expect(scram.process.text('stderr')).toContain(`kafka (${broker!.secured!.saslSsl}; TLS, SASL SCRAM-SHA-512 as mediator), the default`);
      await expectNoSecretShown(scram.url, scram.process, [PASSWORD]);
      await scram.process.stop({ signal: 'SIGTERM', graceMs: 15_000 });
      const plain = await serve([], {
        MEDIATOR_KAFKA: broker!.secured!.saslSsl,
        MEDIATOR_KAFKA_CA: certs.ca,
        MEDIATOR_KAFKA_SASL: 'plain',
        MEDIATOR_KAFKA_USER: 'mediator',
        MEDIATOR_KAFKA_PASSWORD: PASSWORD,
      });
      await expectChannelRuns(plain.url, { chanType: 'KK', source: 'sec.plain.src', sink: 'sec.plain.sink' }, checker!, 'kafka-plain');
      await expectNoSecretShown(plain.url, plain.process, [PASSWORD]);
    }, 240_000);

    it('fails the channel, not the server, on a wrong SCRAM-SHA-256 password or an untrusted broker certificate', async () => {
      const cases = [
        {
          args: [
            '--kafka',
            broker!.secured!.saslSsl,
            '--kafka-ca',
            certs.ca,
            '--kafka-sasl',
            'scram-sha-256',
            '--kafka-user',
            'mediator',
            '--kafka-password-file',
            wrongPasswordFile,
          ],
          reason: [/Kafka at 127\.0\.0\.1:\d+/, /SASL authentication failed/i, /invalid credentials/i],
        },
        {
          args: ['--kafka', broker!.secured!.ssl, '--kafka-ca', certs.otherCa, '--kafka-cert', certs.clientCert, '--kafka-key', certs.clientKey],
          reason: [/Kafka at 127\.0\.0\.1:\d+/, /certificate/i],
        },
      ];
      for (const [i, c] of cases.entries()) {
        const server = await serve(c.args);
        const reason = await expectChannelFails(server.url, { chanType: 'KK', source: `sec.fail${i}.src`, sink: `sec.fail${i}.sink` }, c.reason, 90_000);
        expect(reason).not.toContain(WRONG);
        await expectNoSecretShown(server.url, server.process, [PASSWORD, WRONG, readFileSync(certs.clientKey, 'utf8').split('\n')[1]!]);
        await server.process.stop({ signal: 'SIGKILL' });
      }
    }, 240_000);
  },
);
