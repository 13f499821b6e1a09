/**
 * Permissions of what the server keeps (issue: files left readable by every local user). The data
 * folder holds the API token and every alignment; on a shared machine a 0644 token is a password
 * anyone can read. So every start tightens what the server owns: the folder it created (or that
 * already holds its files) to 0700, and api-token, mediator.db and its -wal/-shm to 0600. SQLite
 * gives a new -wal/-shm the database file's mode, so tightening the database before it is opened
 * keeps them private too. Windows has no such modes: nothing is done there.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TOKEN_FILE } from './api-token.js';

export const DATABASE_FILE = 'mediator.db';
/** The files of the data folder that the server owns. */
export const OWNED_FILES = [TOKEN_FILE, DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`] as const;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

const enforced = process.platform !== 'win32';

/**
 * Creates the data folder (0700) when missing; when it exists and already holds the server's files,
 * tightens it to 0700. A folder the user named that holds none of them (their home, say) is left
 * as it is: the server did not create it and does not own it.
 */
export function prepareDataFolder(dir: string): void {
  const existed = existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!enforced) return;
  if (!existed || OWNED_FILES.some((name) => existsSync(join(dir, name)))) chmodSync(dir, PRIVATE_FOLDER_MODE);
  tightenOwnedFiles(dir);
}

/** Sets 0600 on each of the server's files that exists (called again once the database is open). */
export function tightenOwnedFiles(dir: string): void {
  if (!enforced) return;
  for (const name of OWNED_FILES) {
    const file = join(dir, name);
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
