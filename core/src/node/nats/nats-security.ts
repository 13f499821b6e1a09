/**
 * How the mediator proves who it is to NATS and checks who NATS is (issue 40): TLS with a CA and a
 * client certificate, and one of a credentials file (user JWT and NKey seed), an NKey seed, a user
 * and password, or a token. Shared by the NATS transport and the fleet's configuration store, so
 * both reach a secured server the same way.
 *
 * The `nats` client does not read credentials from a server URL (`nats://user:pass@host` connects
 * anonymously), so they are taken out of the URLs here; what remains is what logs, errors and
 * GET /version?details=true may show.
 */
import { credsAuthenticator, nkeyAuthenticator, type ConnectionOptions } from 'nats';
import { splitUrlCredentials } from '../../common/security/broker-urls.js';

export interface NatsSecurity {
  /** PEM text; any of them turns TLS on (the client then refuses a server that offers none). */
  readonly tls?: { readonly ca?: string; readonly cert?: string; readonly key?: string };
  /** A credentials file's text (`nsc generate creds`): the user's JWT and NKey seed. */
  readonly creds?: string;
  /** An NKey user's seed (`SU...`). */
  readonly nkeySeed?: string;
}

/**
 * The connect options for `servers` (comma-separated, or an array) with `security`: the URLs
 * without user information (`servers`, also what may be shown), and the user and password or the
 * token of the first URL that had any.
 */
export function natsConnection(servers: readonly string[] | string, security: NatsSecurity | undefined): Partial<ConnectionOptions> & { servers: string[] } {
  const list = (typeof servers === 'string' ? servers.split(',') : [...servers]).map((s) => s.trim()).filter((s) => s !== '');
  const options: Partial<ConnectionOptions> & { servers: string[] } = { servers: [] };
  for (const server of list) {
    const { url, user, password, token } = splitUrlCredentials(server);
    options.servers.push(url);
    if (options.user !== undefined || options.token !== undefined) continue;
    if (user !== undefined) Object.assign(options, { user, pass: password });
    else if (token !== undefined) options.token = token;
  }
  const tls = security?.tls;
  if (tls !== undefined && (tls.ca !== undefined || tls.cert !== undefined || tls.key !== undefined)) options.tls = { ...tls };
  if (security?.creds !== undefined) options.authenticator = credsAuthenticator(new TextEncoder().encode(security.creds));
  else if (security?.nkeySeed !== undefined) options.authenticator = nkeyAuthenticator(new TextEncoder().encode(security.nkeySeed.trim()));
  return options;
}

/**
 * Why a connection failed, for a channel's reason: the client's message, and for a time-out over
 * TLS what usually causes it (a server that requires a client certificate closes the handshake
 * without a word the client reports).
 */
export function connectFailure(message: string, options: Partial<ConnectionOptions>): string {
  if (options.tls === undefined || !/timeout/i.test(message)) return message;
  return `${message} (over TLS: does the server require a client certificate (--nats-cert, --nats-key), and does it trust it?)`;
}
