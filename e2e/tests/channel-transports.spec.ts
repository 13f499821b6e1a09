/**
 * A transport per channel in the workbench (issue 28): on a server started with `--mqtt` (a real
 * Mosquitto on a free loopback port), the channel form offers the transports the server runs, and
 * the channel table shows each channel's source and sink transport.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, test } from '../fixtures/test.js';

const MOSQUITTO = process.env['MEDIATOR_MOSQUITTO'] ?? '/usr/sbin/mosquitto';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
    });
  });
}

test.use({
  // The broker lives as long as the test's server: started before it, stopped after it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
  mediatorArgs: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'e2e-mosquitto-'));
    const port = await freePort();
    await writeFile(join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
    const broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
    try {
      await use(['--mqtt', `mqtt://127.0.0.1:${port}`]);
    } finally {
      broker.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      await rm(dir, { recursive: true, force: true });
    }
  },
});

test('the channel form offers the transports the server runs; the table shows a mixed route', async ({ page, api }, testInfo) => {
  await page.goto('./#/channels');
  const source = page.getByRole('combobox', { name: 'Source transport' });
  const sink = page.getByRole('combobox', { name: 'Sink transport' });
  await expect(source.getByRole('option')).toHaveText(['Server default (MQTT)', 'MQTT', 'Embedded bus']);
  await page.getByLabel('Source topic').fill('sensors/in');
  await page.getByLabel('Sink topic').fill('translated');
  await sink.selectOption({ label: 'Embedded bus' });
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page.getByTestId('create-channel-status')).toContainText('created successfully');
  const row = page.getByRole('table', { name: 'Channels' }).getByTestId('channel-row');
  await expect(row.getByTestId('channel-transport')).toHaveText('MQTT → Embedded bus');
  await expect(row).toContainText('running');
  expect(((await (await api.get('v1/channels')).json()) as { chanType: string }[]).map((c) => c.chanType)).toEqual(['ME']);
  await screenshot(page, testInfo, 'channel-transports');
});
