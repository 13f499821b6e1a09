import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../fixtures/paths.js';
import { expect, screenshot, test } from '../fixtures/test.js';

const sample = (version: string) => readFileSync(resolve(repoRoot, 'core/samples/mw2mw', `mw2mw-${version}.yaml`), 'utf8');

/** Drops one file on an element, as a browser does (dragenter, dragover, drop bubbling from it). */
async function dropOn(page: Page, testId: string, file: { name: string; text: string }): Promise<void> {
  await page.getByTestId(testId).evaluate((target, f) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([f.text], f.name, { type: 'application/yaml' }));
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, file);
}

test('the mw2mw API change history: shipped versions, dropped documents, groups and search', async ({ page }, testInfo) => {
  await page.goto('./#/api-history');
  const main = page.getByRole('main', { name: 'API history' });
  // The last two shipped versions are compared at once.
  await expect(page.getByTestId('api-changes-count')).toHaveText('8 changes from 1.1 to 1.2');
  await expect(main.getByRole('region', { name: 'Endpoints added' })).toContainText('POST /mw2mw/devices/query');
  await expect(main.getByRole('region', { name: 'Definitions changed' })).toContainText('StatusType');

  // Two shipped versions picked by the user.
  await page.getByLabel('Old document: shipped version').selectOption('1.0');
  await page.getByLabel('New document: shipped version').selectOption('1.1');
  await expect(page.getByTestId('api-changes-count')).toHaveText('36 changes from 1.0 to 1.1');
  const moved = main.getByRole('region', { name: 'Endpoints moved' });
  await expect(moved.getByRole('row', { name: /PUT \/mw2mw\/devices PUT \/mw2mw\/devices\/\{clientId\}/ })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Properties renamed' })).toContainText('Client.pullMessagesLimit');
  await expect(main.getByRole('region', { name: 'Parameters renamed' })).toContainText('managedClientId -> clientId');

  // Search by subject.
  await page.getByLabel('Search changes by subject').fill('/mw2mw/clients');
  await expect(page.getByTestId('api-changes-count')).toHaveText(/^\d+ of 36 changes from 1\.0 to 1\.1$/);
  await expect(main.getByRole('region', { name: 'Endpoints moved' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Parameters renamed' })).toBeVisible();
  await screenshot(page, testInfo, 'api-history-search');
  await page.getByLabel('Search changes by subject').fill('');

  // A dropped document (the 1.2 sample as a user's file) on the new side; the alignment upload is not triggered.
  await dropOn(page, 'api-new-drop', { name: 'mw2mw-1.2.yaml', text: sample('1.2') });
  await expect(page.getByTestId('api-changes-count')).toHaveText('44 changes from 1.0 to 1.2');
  await expect(page.getByLabel('New document: shipped version')).toHaveValue('#file');
  await expect(page.getByRole('main', { name: 'API history' })).toBeVisible();
  await screenshot(page, testInfo, 'api-history');

  // A malformed one: the error names the file and the line.
  await dropOn(page, 'api-new-drop', { name: 'broken.yaml', text: 'swagger: "2.0"\ninfo: {version: "9"}\npaths:\n  /x: [\n' });
  await expect(page.getByTestId('api-diff-status')).toContainText(/^broken\.yaml:\d+:\d+: Not valid YAML/);
  await expect(page.getByTestId('api-changes-count')).toHaveCount(0);
});
