/**
 * `mediator serve`'s TLS and credential options of the Kafka and NATS brokers (issue 40), named
 * like MQTT's (`--mqtt-ca`...): files are read here, once, and checked for what they must hold, so a
 * wrong path or a swapped file is a usage error at start instead of a channel failing later. Every
 * option falls back on its MEDIATOR_* variable (`--kafka-ca` on MEDIATOR_KAFKA_CA...); the Kafka
 * password may also be given itself in MEDIATOR_KAFKA_PASSWORD, never on the command line (where
 * `ps` shows it).
 *
 * This module must not load a broker client (start-up time, issue 13): the seed is checked by its
 * shape here and by the NATS client when it connects.
 */
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import type { NatsSecurity } from '../nats/nats-security.js';
import type { KafkaTransportOptions } from '../transports/kafka-transport.js';
import { UsageError } from './io.js';

/** The options, for parseArgs; each is a string (a file, a mechanism or a user) but --kafka-tls. */
export const BROKER_SECURITY_OPTIONS = {
  'kafka-ca': { type: 'string' },
  'kafka-cert': { type: 'string' },
  'kafka-key': { type: 'string' },
  'kafka-tls': { type: 'boolean' },
  'kafka-keystore': { type: 'string' },
  'kafka-keystore-password-file': { type: 'string' },
  'kafka-sasl': { type: 'string' },
  'kafka-user': { type: 'string' },
  'kafka-password-file': { type: 'string' },
  'nats-ca': { type: 'string' },
  'nats-cert': { type: 'string' },
  'nats-key': { type: 'string' },
  'nats-creds': { type: 'string' },
  'nats-nkey-file': { type: 'string' },
} as const;

type SecurityFlag = keyof typeof BROKER_SECURITY_OPTIONS;
export type BrokerSecurityValues = { readonly [K in SecurityFlag]?: (typeof BROKER_SECURITY_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

export interface BrokerSecurity {
  readonly kafka?: Pick<KafkaTransportOptions, 'ssl' | 'sasl'>;
  readonly nats?: NatsSecurity;
}

const SASL_MECHANISMS = { plain: 'PLAIN', 'scram-sha-256': 'SCRAM-SHA-256', 'scram-sha-512': 'SCRAM-SHA-512' } as const;

/** The MEDIATOR_* variable of a flag: `kafka-ca` -> MEDIATOR_KAFKA_CA. */
export function securityVariable(flag: SecurityFlag): string {
  return `MEDIATOR_${flag.toUpperCase().replace(/-/g, '_')}`;
}

/** The flag's value, else its variable's (an empty variable is unset). */
function given(flag: SecurityFlag, values: BrokerSecurityValues, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const value = values[flag];
  if (typeof value === 'string') {
    if (value === '') throw new UsageError(`--${flag} needs a value`);
    return value;
  }
  if (value === true) return 'true';
  return env[securityVariable(flag)] || undefined;
}

/** What a PEM file of each kind must hold (a swapped certificate and key is the usual mistake). */
const PEM_KINDS = {
  ca: { pattern: /-----BEGIN CERTIFICATE-----/, what: 'a PEM certificate (-----BEGIN CERTIFICATE-----)' },
  cert: { pattern: /-----BEGIN CERTIFICATE-----/, what: 'a PEM certificate (-----BEGIN CERTIFICATE-----)' },
  key: { pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/, what: 'a PEM private key (-----BEGIN PRIVATE KEY-----)' },
} as const;

/** Reads a file an option names; the message says which option and file (never the content). */
export async function readOptionFile(flag: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The CA, certificate and key of `prefix` (kafka, nats, mqtt), read and checked; undefined when none is given. */
export async function readTlsFiles(
  prefix: string,
  files: { readonly ca?: string | undefined; readonly cert?: string | undefined; readonly key?: string | undefined },
): Promise<{ ca?: string; cert?: string; key?: string } | undefined> {
  if ((files.cert === undefined) !== (files.key === undefined))
    throw new UsageError(`--${prefix}-cert and --${prefix}-key go together (the client certificate and its key)`);
  const tls: { ca?: string; cert?: string; key?: string } = {};
  for (const kind of ['ca', 'cert', 'key'] as const) {
    const file = files[kind];
    if (file === undefined) continue;
    const text = await readOptionFile(`${prefix}-${kind}`, file);
    if (!PEM_KINDS[kind].pattern.test(text)) throw new UsageError(`--${prefix}-${kind}: ${file} does not hold ${PEM_KINDS[kind].what}`);
    tls[kind] = text;
  }
  return Object.keys(tls).length === 0 ? undefined : tls;
}

/** A password file's content without its line end (editors and `echo` add one). */
function passwordOf(text: string): string {
  return text.replace(/\r?\n$/, '');
}

async function kafkaSecurity(values: BrokerSecurityValues, env: Readonly<Record<string, string | undefined>>): Promise<BrokerSecurity['kafka']> {
  const get = (flag: SecurityFlag) => given(flag, values, env);
  const tls = await kafkaTls(get, env);
  const tlsWanted = tls !== undefined || /^(1|true|yes)$/i.test(get('kafka-tls') ?? '');
  const mechanismName = get('kafka-sasl');
  const user = get('kafka-user');
  const passwordFile = get('kafka-password-file');
  const password =
    passwordFile !== undefined ? passwordOf(await readOptionFile('kafka-password-file', passwordFile)) : env.MEDIATOR_KAFKA_PASSWORD || undefined;
  if (mechanismName === undefined) {
    if (user !== undefined || password !== undefined)
      throw new UsageError('--kafka-user and --kafka-password-file need --kafka-sasl plain|scram-sha-256|scram-sha-512');
    return tlsWanted ? { ssl: tls ?? {} } : undefined;
  }
  const mechanism = SASL_MECHANISMS[mechanismName.toLowerCase() as keyof typeof SASL_MECHANISMS] as KafkaSaslMechanism | undefined;
  if (mechanism === undefined) throw new UsageError('--kafka-sasl must be plain, scram-sha-256 or scram-sha-512');
  if (user === undefined) throw new UsageError(`--kafka-sasl ${mechanismName} needs --kafka-user (or MEDIATOR_KAFKA_USER)`);
  if (password === undefined) throw new UsageError(`--kafka-sasl ${mechanismName} needs --kafka-password-file (or MEDIATOR_KAFKA_PASSWORD)`);
  return { ...(tlsWanted ? { ssl: tls ?? {} } : {}), sasl: { mechanism, username: user, password } };
}

/**
 * Kafka's TLS files: PEM (`--kafka-ca`, `--kafka-cert`, `--kafka-key`), or the client certificate
 * and key in a PKCS#12 key store (`--kafka-keystore`, what `keytool -importkeystore
 * -deststoretype PKCS12` makes of a Java key store), opened here so that a wrong password is a
 * usage error at start. Undefined when none is given.
 */
async function kafkaTls(get: (flag: SecurityFlag) => string | undefined, env: Readonly<Record<string, string | undefined>>): Promise<TlsFiles | undefined> {
  const pem = await readTlsFiles('kafka', { ca: get('kafka-ca'), cert: get('kafka-cert'), key: get('kafka-key') });
  const keystore = get('kafka-keystore');
  const passwordFile = get('kafka-keystore-password-file');
  if (keystore === undefined) {
    if (passwordFile !== undefined) throw new UsageError('--kafka-keystore-password-file needs --kafka-keystore');
    return pem;
  }
  if (pem?.cert !== undefined)
    throw new UsageError('--kafka-keystore and --kafka-cert/--kafka-key exclude each other (the key store holds the certificate and key)');
  let pfx: Buffer;
  try {
    pfx = await readFile(keystore);
  } catch (error) {
    throw new UsageError(`--kafka-keystore: cannot read ${keystore}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const passphrase =
    passwordFile !== undefined
      ? passwordOf(await readOptionFile('kafka-keystore-password-file', passwordFile))
      : env.MEDIATOR_KAFKA_KEYSTORE_PASSWORD || undefined;
  try {
    createSecureContext({ pfx, ...(passphrase === undefined ? {} : { passphrase }) });
  } catch (error) {
    throw new UsageError(`--kafka-keystore: cannot open ${keystore} as PKCS#12 with the password given: ${(error as Error).message}`);
  }
  return { ...pem, pfx, ...(passphrase === undefined ? {} : { passphrase }) };
}

interface TlsFiles {
  ca?: string;
  cert?: string;
  key?: string;
  pfx?: Buffer;
  passphrase?: string;
}

type KafkaSaslMechanism = NonNullable<KafkaTransportOptions['sasl']>['mechanism'];

/** An NKey user seed: `SU` and 56 more base32 characters. */
const USER_SEED = /^SU[A-Z2-7]{56}$/;

async function natsSecurity(values: BrokerSecurityValues, env: Readonly<Record<string, string | undefined>>): Promise<NatsSecurity | undefined> {
  const get = (flag: SecurityFlag) => given(flag, values, env);
  const tls = await readTlsFiles('nats', { ca: get('nats-ca'), cert: get('nats-cert'), key: get('nats-key') });
  const credsFile = get('nats-creds');
  const nkeyFile = get('nats-nkey-file');
  if (credsFile !== undefined && nkeyFile !== undefined)
    throw new UsageError('--nats-creds and --nats-nkey-file exclude each other (a credentials file holds its own seed)');
  const security: { tls?: NatsSecurity['tls']; creds?: string; nkeySeed?: string } = tls === undefined ? {} : { tls };
  if (credsFile !== undefined) {
    const creds = await readOptionFile('nats-creds', credsFile);
    if (!/-{3,}BEGIN NATS USER JWT-{3,}/.test(creds) || !/-{3,}BEGIN USER NKEY SEED-{3,}/.test(creds)) {
      throw new UsageError(`--nats-creds: ${credsFile} is no credentials file (it needs a NATS USER JWT and a USER NKEY SEED block)`);
    }
    security.creds = creds;
  }
  if (nkeyFile !== undefined) {
    const seed = (await readOptionFile('nats-nkey-file', nkeyFile)).split(/\s+/).find((word) => USER_SEED.test(word));
    if (seed === undefined) throw new UsageError(`--nats-nkey-file: ${nkeyFile} holds no NKey user seed (SU... of 58 characters)`);
    security.nkeySeed = seed;
  }
  return Object.keys(security).length === 0 ? undefined : security;
}

/** The Kafka and NATS security settings of `mediator serve`, files read; empty when none is given. */
export async function brokerSecurity(values: BrokerSecurityValues, env: Readonly<Record<string, string | undefined>>): Promise<BrokerSecurity> {
  const kafka = await kafkaSecurity(values, env);
  const nats = await natsSecurity(values, env);
  return { ...(kafka === undefined ? {} : { kafka }), ...(nats === undefined ? {} : { nats }) };
}
