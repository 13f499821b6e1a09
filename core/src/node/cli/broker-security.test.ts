import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYSTORE_PASSWORD, makeCertificates } from '../../test-support/test-certificates.js';
import { brokerSecurity, securityVariable, type BrokerSecurityValues } from './broker-security.js';

const dir = mkdtempSync(join(tmpdir(), 'mediator-broker-security-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nsecret-key-body-0123\n-----END PRIVATE KEY-----\n';
const SEED = 'SUAMLK2ZNL35WSMW37E7UD4VZ7ELPKW7DHC3BWBSD2GCZ7IUQQXZIORRBU';
const CREDS = `-----BEGIN NATS USER JWT-----\neyJ0.eyJ1.sig\n------END NATS USER JWT------\n\n-----BEGIN USER NKEY SEED-----\n${SEED}\n------END USER NKEY SEED------\n`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const ca = file('ca.pem', CERT);
const cert = file('cert.pem', CERT);
const key = file('key.pem', KEY);
const password = file('password', 'p4ss-w0rd-Secret!\n');

async function problem(values: BrokerSecurityValues, env: Record<string, string> = {}): Promise<string> {
  try {
    await brokerSecurity(values, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(values)} to be refused`);
}

describe('mediator serve: Kafka and NATS security options', () => {
  it('turns Kafka TLS on with the CA alone, and adds SASL over it', async () => {
    expect(await brokerSecurity({ 'kafka-ca': ca }, {})).toEqual({ kafka: { ssl: { ca: CERT } } });
    expect(await brokerSecurity({ 'kafka-tls': true }, {})).toEqual({ kafka: { ssl: {} } });
    expect(
      await brokerSecurity(
        { 'kafka-sasl': 'SCRAM-SHA-512', 'kafka-user': 'u', 'kafka-password-file': password, 'kafka-ca': ca, 'kafka-cert': cert, 'kafka-key': key },
        {},
      ),
    ).toEqual({
      kafka: { ssl: { ca: CERT, cert: CERT, key: KEY }, sasl: { mechanism: 'SCRAM-SHA-512', username: 'u', password: 'p4ss-w0rd-Secret!' } },
    });
    // SASL without TLS: SASL_PLAINTEXT.
    expect(await brokerSecurity({ 'kafka-sasl': 'plain', 'kafka-user': 'u', 'kafka-password-file': password }, {})).toEqual({
      kafka: { sasl: { mechanism: 'PLAIN', username: 'u', password: 'p4ss-w0rd-Secret!' } },
    });
    expect(await brokerSecurity({}, {})).toEqual({});
  });

  it('reads every option from its MEDIATOR_* variable, the password itself from MEDIATOR_KAFKA_PASSWORD', async () => {
    expect(securityVariable('kafka-password-file')).toBe('MEDIATOR_KAFKA_PASSWORD_FILE');
    const env = {
      MEDIATOR_KAFKA_CA: ca,
      MEDIATOR_KAFKA_SASL: 'scram-sha-256',
      MEDIATOR_KAFKA_USER: 'svc',
      MEDIATOR_KAFKA_PASSWORD: 'from-the-env',
      MEDIATOR_NATS_CA: ca,
      MEDIATOR_NATS_NKEY_FILE: file('seed.nk', `# a comment\n${SEED}\n`),
    };
    expect(await brokerSecurity({}, env)).toEqual({
      kafka: { ssl: { ca: CERT }, sasl: { mechanism: 'SCRAM-SHA-256', username: 'svc', password: 'from-the-env' } },
      nats: { tls: { ca: CERT }, nkeySeed: SEED },
    });
    // A flag wins over its variable.
    expect((await brokerSecurity({ 'kafka-user': 'flag' }, env)).kafka?.sasl?.username).toBe('flag');
  });

  it('takes a NATS credentials file and client certificate', async () => {
    expect(await brokerSecurity({ 'nats-creds': file('u.creds', CREDS), 'nats-cert': cert, 'nats-key': key }, {})).toEqual({
      nats: { tls: { cert: CERT, key: KEY }, creds: CREDS },
    });
  });

  it('opens a PKCS#12 key store with its password (file or variable), and refuses a wrong one at start', async () => {
    const certs = await makeCertificates(mkdtempSync(join(dir, 'p12-')));
    const passwordFile = file('keystore-password', `${KEYSTORE_PASSWORD}\n`);
    const opened = await brokerSecurity({ 'kafka-keystore': certs.clientKeystore, 'kafka-keystore-password-file': passwordFile, 'kafka-ca': certs.ca }, {});
    expect(opened.kafka?.ssl).toMatchObject({
      passphrase: KEYSTORE_PASSWORD,
      pfx: expect.any(Buffer) as Buffer,
      ca: expect.stringContaining('BEGIN CERTIFICATE') as string,
    });
    const fromEnv = await brokerSecurity({}, { MEDIATOR_KAFKA_KEYSTORE: certs.clientKeystore, MEDIATOR_KAFKA_KEYSTORE_PASSWORD: KEYSTORE_PASSWORD });
    expect(fromEnv.kafka?.ssl).toMatchObject({ passphrase: KEYSTORE_PASSWORD });
    const wrong = await problem({ 'kafka-keystore': certs.clientKeystore, 'kafka-keystore-password-file': password });
    expect(wrong).toMatch(/--kafka-keystore: cannot open .*client\.p12 as PKCS#12/);
    expect(wrong).not.toContain('p4ss-w0rd-Secret!');
    expect(await problem({ 'kafka-keystore': certs.clientKeystore, 'kafka-cert': cert, 'kafka-key': key })).toMatch(/exclude each other/);
  });

  it.each([
    [{ 'kafka-sasl': 'gssapi', 'kafka-user': 'u', 'kafka-password-file': password }, /--kafka-sasl must be plain, scram-sha-256 or scram-sha-512/],
    [{ 'kafka-sasl': 'plain', 'kafka-password-file': password }, /needs --kafka-user/],
    [{ 'kafka-sasl': 'plain', 'kafka-user': 'u' }, /needs --kafka-password-file \(or MEDIATOR_KAFKA_PASSWORD\)/],
    [{ 'kafka-user': 'u' }, /need --kafka-sasl/],
    [{ 'kafka-cert': cert }, /--kafka-cert and --kafka-key go together/],
    [{ 'kafka-ca': join(dir, 'missing.pem') }, /--kafka-ca: cannot read .*missing\.pem: ENOENT/],
    [{ 'kafka-ca': key }, /--kafka-ca: .*key\.pem does not hold a PEM certificate/],
    [{ 'kafka-cert': key, 'kafka-key': cert }, /--kafka-cert: .* does not hold a PEM certificate/],
    [{ 'nats-creds': password }, /--nats-creds: .* is no credentials file/],
    [{ 'nats-nkey-file': password }, /--nats-nkey-file: .* holds no NKey user seed/],
    [{ 'nats-creds': file('c2.creds', CREDS), 'nats-nkey-file': file('s2.nk', SEED) }, /exclude each other/],
    [{ 'nats-ca': '' }, /--nats-ca needs a value/],
  ] as [BrokerSecurityValues, RegExp][])('%j is a usage error that names the option and never shows a file content', async (values, message) => {
    const said = await problem(values);
    expect(said).toMatch(message);
    for (const secret of ['p4ss-w0rd-Secret!', 'secret-key-body-0123', SEED]) expect(said).not.toContain(secret);
  });
});
