/**
 * NATS decentralized authentication material for the secured-NATS tests (issue 40), made without
 * `nsc`: an operator, a system account, an application account with JetStream, a user of it, the
 * user's credentials file, and the server configuration lines that trust them (a memory resolver
 * preloaded with the account JWTs).
 *
 * A NATS JWT (nats-io/jwt v2) is `base64url(header).base64url(claims).base64url(signature)` with
 * header `{"typ":"JWT","alg":"ed25519-nkey"}`, the signature an Ed25519 signature of the first two
 * parts by the issuer's NKey; claims carry `iss` (the issuer's public key), `sub` (the subject's)
 * and `nats` with the type's own fields and `version: 2`.
 */
import { randomBytes } from 'node:crypto';
import { nkeys as untypedNkeys } from 'nats';

/** The part of nkeys.js used here (the `nats` package declares its nkeys export as `any`). */
interface KeyPair {
  getPublicKey(): string;
  getSeed(): Uint8Array;
  sign(data: Uint8Array): Uint8Array;
}
const nkeys = untypedNkeys as { createOperator(): KeyPair; createAccount(): KeyPair; createUser(): KeyPair };

function base64url(data: Uint8Array | string): string {
  return Buffer.from(data).toString('base64url');
}

function encodeJwt(issuer: KeyPair, subject: string, name: string, nats: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'ed25519-nkey' }));
  const claims = {
    jti: randomBytes(20).toString('hex').toUpperCase(),
    iat: Math.floor(Date.now() / 1000),
    iss: issuer.getPublicKey(),
    name,
    sub: subject,
    nats: { ...nats, version: 2 },
  };
  const body = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${base64url(issuer.sign(new TextEncoder().encode(body)))}`;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** No limit on anything, JetStream included (an account without storage limits has no JetStream). */
const UNLIMITED = {
  subs: -1,
  data: -1,
  payload: -1,
  imports: -1,
  exports: -1,
  wildcards: true,
  conn: -1,
  leaf: -1,
  mem_storage: -1,
  disk_storage: -1,
  streams: -1,
  consumer: -1,
};

export interface OperatorSetup {
  /** nats-server configuration lines: operator, system account, memory resolver with its preload. */
  readonly serverConfig: string;
  /** A credentials file's text for a user of the application account. */
  readonly creds: string;
  /** A credentials file of a user the server does not know (signed by an unrelated account). */
  readonly strangerCreds: string;
}

function credsFile(jwt: string, seed: string): string {
  return [
    '-----BEGIN NATS USER JWT-----',
    jwt,
    '------END NATS USER JWT------',
    '',
    '************************* IMPORTANT *************************',
    'NKEY Seed printed below can be used to sign and prove identity.',
    '',
    '-----BEGIN USER NKEY SEED-----',
    seed,
    '------END USER NKEY SEED------',
    '',
  ].join('\n');
}

function userCreds(account: KeyPair, name: string): string {
  const user = nkeys.createUser();
  const jwt = encodeJwt(account, user.getPublicKey(), name, { pub: {}, sub: {}, subs: -1, data: -1, payload: -1, type: 'user' });
  return credsFile(jwt, text(user.getSeed()));
}

export function operatorSetup(): OperatorSetup {
  const operator = nkeys.createOperator();
  const system = nkeys.createAccount();
  const app = nkeys.createAccount();
  const operatorJwt = encodeJwt(operator, operator.getPublicKey(), 'test-operator', { type: 'operator', system_account: system.getPublicKey() });
  const account = (key: KeyPair, name: string, limits: Record<string, unknown>) =>
    encodeJwt(operator, key.getPublicKey(), name, { limits, default_permissions: { pub: {}, sub: {} }, type: 'account' });
  const systemJwt = account(system, 'SYS', { subs: -1, data: -1, payload: -1, imports: -1, exports: -1, wildcards: true, conn: -1, leaf: -1 });
  const appJwt = account(app, 'APP', UNLIMITED);
  const serverConfig = [
    `operator: ${operatorJwt}`,
    `system_account: ${system.getPublicKey()}`,
    'resolver: MEMORY',
    'resolver_preload: {',
    `  ${system.getPublicKey()}: ${systemJwt}`,
    `  ${app.getPublicKey()}: ${appJwt}`,
    '}',
    '',
  ].join('\n');
  return { serverConfig, creds: userCreds(app, 'mediator'), strangerCreds: userCreds(nkeys.createAccount(), 'stranger') };
}

/** A new NKey user: its public key (for the server's configuration) and its seed (for the client). */
export function nkeyUser(): { readonly publicKey: string; readonly seed: string } {
  const user = nkeys.createUser();
  return { publicKey: user.getPublicKey(), seed: text(user.getSeed()) };
}
