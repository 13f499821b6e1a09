/**
 * A throw-away certificate authority for the secured-broker tests (issue 40), made with the
 * `openssl` command line: a CA, a server certificate for 127.0.0.1 and localhost, a client
 * certificate, and a second, unrelated CA (its own server certificate too) for the "wrong
 * certificate" cases. EC P-256 keys (fast to make), private keys in unencrypted PKCS#8, the form
 * Kafka's PEM key stores, nats-server, Mosquitto and Node all read.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const OPENSSL_BIN = process.env.MEDIATOR_OPENSSL ?? 'openssl';

/** Whether openssl runs here; the tests that need it fail loudly under CI, skip with the reason elsewhere. */
export async function opensslAvailable(): Promise<boolean> {
  try {
    await run(OPENSSL_BIN, ['version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** The password of `clientKeystore`. */
export const KEYSTORE_PASSWORD = 'keystore-Pa55-9d1e';

export interface CertificateFiles {
  /** The CA certificate the brokers and the mediator trust. */
  readonly ca: string;
  readonly serverCert: string;
  readonly serverKey: string;
  /** Server certificate and key in one file (Kafka's PEM key store). */
  readonly serverKeystore: string;
  readonly clientCert: string;
  readonly clientKey: string;
  /** The client certificate and key in a PKCS#12 key store, its password KEYSTORE_PASSWORD. */
  readonly clientKeystore: string;
  /** A CA that signed none of the above (a client trusting it refuses the brokers). */
  readonly otherCa: string;
  /** A client certificate signed by the other CA (a broker verifying clients refuses it). */
  readonly otherClientCert: string;
  readonly otherClientKey: string;
}

async function openssl(args: readonly string[], cwd: string): Promise<void> {
  try {
    await run(OPENSSL_BIN, [...args], { cwd, timeout: 30_000 });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`openssl ${args.join(' ')} failed: ${e.stderr ?? e.message}`, { cause: error });
  }
}

async function key(cwd: string, file: string): Promise<void> {
  await openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file], cwd);
}

async function authority(cwd: string, name: string): Promise<void> {
  await key(cwd, `${name}.key`);
  await openssl(['req', '-x509', '-new', '-key', `${name}.key`, '-subj', `/CN=${name}`, '-days', '2', '-out', `${name}.pem`], cwd);
}

/** A leaf certificate for `name`, signed by `ca`, with the given extensions. */
async function leaf(cwd: string, ca: string, name: string, extensions: string): Promise<void> {
  await key(cwd, `${name}.key`);
  await openssl(['req', '-new', '-key', `${name}.key`, '-subj', `/CN=${name}`, '-out', `${name}.csr`], cwd);
  await writeFile(join(cwd, `${name}.ext`), extensions);
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    cwd,
  );
}

/** Makes every file in `dir` (an existing folder of the test's own). */
export async function makeCertificates(dir: string): Promise<CertificateFiles> {
  await Promise.all([authority(dir, 'ca'), authority(dir, 'other-ca')]);
  const server = 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n';
  const client = 'extendedKeyUsage=clientAuth\n';
  await leaf(dir, 'ca', 'server', server);
  await leaf(dir, 'ca', 'client', client);
  await leaf(dir, 'other-ca', 'other-client', client);
  const files: CertificateFiles = {
    ca: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    serverKeystore: join(dir, 'server-keystore.pem'),
    clientCert: join(dir, 'client.pem'),
    clientKey: join(dir, 'client.key'),
    clientKeystore: join(dir, 'client.p12'),
    otherCa: join(dir, 'other-ca.pem'),
    otherClientCert: join(dir, 'other-client.pem'),
    otherClientKey: join(dir, 'other-client.key'),
  };
  await openssl(['pkcs12', '-export', '-in', 'client.pem', '-inkey', 'client.key', '-passout', `pass:${KEYSTORE_PASSWORD}`, '-out', 'client.p12'], dir);
  await writeFile(files.serverKeystore, (await readFile(files.serverKey, 'utf8')) + (await readFile(files.serverCert, 'utf8')));
  for (const file of Object.values(files) as string[]) if (!existsSync(file)) throw new Error(`openssl did not write ${file}`);
  return files;
}
