/**
 * The bearer token of network mode (issue 11): given by the user (`--token`, `MEDIATOR_TOKEN`), or
 * generated once and kept in the data folder, readable by its owner only, so that a restart keeps
 * the clients that were given it working.
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TOKEN_FILE = 'api-token';
/** Shortest token a user may give (`--token`, MEDIATOR_TOKEN): 16 characters, 96 bits even in base64. */
export const MIN_TOKEN_LENGTH = 16;

export interface StoredToken {
  readonly token: string;
  readonly file: string;
  /** True when this call generated it (then it is printed, once). */
  readonly created: boolean;
}

/**
 * 32 random bytes, base64url: 256 bits, safe in a header and a shell. Drawn again while it starts
 * with `-` (one in 64): such a token cannot follow `--token` on a command line, where Node's
 * argument parser takes it for an option (the CLI then stopped with a usage error).
 */
export function generateToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}

export async function loadOrCreateToken(dataDir: string): Promise<StoredToken> {
  const file = join(dataDir, TOKEN_FILE);
  try {
    const token = (await readFile(file, 'utf8')).trim();
    if (token !== '') {
      // A token file from an older version, or copied in, may be 0644: tightened, and kept working.
      if (process.platform !== 'win32') await chmod(file, 0o600);
      return { token, file, created: false };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = generateToken();
  // 'w' not 'wx': an empty file left by a crash is replaced. Mode 0600: the token is a password.
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, file, created: true };
}
