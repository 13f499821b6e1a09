/**
 * The MQTT client id prefix of a data folder (issue 28): generated once and kept in
 * `DATA/mqtt-client-id`, so that a mediator restarted on the same folder resumes its subscriptions'
 * persistent sessions (the messages published while it was down, and those it had not acknowledged)
 * and two folders (two processes of a fleet) never take each other's sessions.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MQTT_CLIENT_ID_FILE = 'mqtt-client-id';

export async function loadOrCreateMqttClientId(dataDir: string): Promise<string> {
  const file = join(dataDir, MQTT_CLIENT_ID_FILE);
  try {
    const id = (await readFile(file, 'utf8')).trim();
    // Letters, digits and dashes only: it is the start of every client id the broker sees.
    if (/^[A-Za-z0-9-]{1,40}$/.test(id)) return id;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const id = `mediator-${randomBytes(6).toString('hex')}`;
  await writeFile(file, `${id}\n`, { mode: 0o600 });
  return id;
}
