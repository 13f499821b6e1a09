/**
 * Issue 25: a working day in the workbench at 1280x800, driven by role and accessible name.
 * Nothing typed is lost, an edit of a stored alignment can be saved, state survives a reload and a
 * server restart, destructive actions confirm, the keyboard gets in and out of Monaco.
 */
import type { Locator, Page } from '@playwright/test';
import { startMediator } from '../fixtures/server.js';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

test.use({ viewport: { width: 1280, height: 800 } });

const FIWARE = { name: 'CO_FIWARE_align', version: '1.0' };
const DESCRIPTION_LINE = 36;

async function arrange(api: Parameters<typeof uploadAlignment>[0]): Promise<void> {
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
}

const sourceEditor = (page: Page): Locator => page.getByRole('textbox', { name: 'Alignment source (XML)' });

/** Changes the description of CO_FIWARE (a change of meaning: the server answers 409 for 1.0). */
async function editDescription(page: Page): Promise<void> {
  await sourceEditor(page).focus();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(DESCRIPTION_LINE));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  for (let i = 0; i < '</dcelem:description>'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' Edited on a working day.');
}

async function openFiware(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `Open ${FIWARE.name} ${FIWARE.version}` }).click();
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: new RegExp(`^${FIWARE.name} ${FIWARE.version}`) })).toBeVisible();
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully');
  return editor;
}

test('every way out of a dirty editor asks Save, Discard or Cancel; a 409 offers a new version; a comment-only edit says nothing was stored', async ({
  page,
  api,
}, testInfo) => {
  await arrange(api);
  await page.goto('./#/alignments');
  const editor = await openFiware(page);

  // The editor comes into view (upper 60 % of the window) with the focus, and the URL names it.
  const top = (await editor.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(top).toBeLessThan(800 * 0.6);
  await expect(sourceEditor(page)).toBeFocused();
  await expect(page).toHaveURL(/#\/alignments\/CO_FIWARE_align\/1\.0$/);

  await editDescription(page);
  await expect(editor.getByText('edited', { exact: true })).toBeVisible();

  // Opening another alignment from the table: Cancel keeps the edits, focus returns to the opener.
  const openOther = page.getByRole('button', { name: 'Open UniversAAL_CO_align 3.0.1' });
  await openOther.click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved edits' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('open UniversAAL_CO_align 3.0.1');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(openOther).toBeFocused();
  await expect(editor.getByRole('heading', { name: /^CO_FIWARE_align 1\.0/ })).toBeVisible();

  // Close, then Escape: nothing happens, focus back on Close.
  const close = editor.getByRole('button', { name: 'Close the editor' });
  await close.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(close).toBeFocused();

  // Switching screens, Save: the server refuses (same name and version, different content), so
  // the user stays, with "Save as new version" and a compare with the stored version.
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByRole('link', { name: 'Translate' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(nav.getByRole('link', { name: 'Alignments' })).toHaveAttribute('aria-current', 'page');
  const outcome = page.getByTestId('save-outcome');
  await expect(outcome.getByRole('alert')).toContainText('already stored with a different content');
  await outcome.getByRole('button', { name: 'Compare with the stored version' }).click();
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-changes', /^[1-9]/);
  await screenshot(page, testInfo, 'save-conflict-1280');

  const newVersion = page.getByRole('button', { name: /new version/ });
  await expect(newVersion).toHaveAccessibleName('Save as new version 1.0.1');
  await newVersion.click();
  await expect(editor.getByRole('heading', { name: /^CO_FIWARE_align 1\.0\.1/ })).toBeVisible();
  await expect(editor.getByText('edited', { exact: true })).toBeHidden();
  await expect(page).toHaveURL(/#\/alignments\/CO_FIWARE_align\/1\.0\.1$/);
  await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(3);
  const stored = await (await api.get('alignments/CO_FIWARE_align/1.0.1')).text();
  expect(stored).toContain('Edited on a working day.');
  expect(stored).toContain('<exmo:version>1.0.1</exmo:version>');

  // A comment-only edit saved with Ctrl+S: the meaning is unchanged, nothing new was stored, and
  // the editor stays "edited" (the comment exists nowhere else).
  await sourceEditor(page).focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<!-- a note for tomorrow -->');
  await page.keyboard.press('Control+S');
  await expect(outcome.getByRole('status')).toContainText('The meaning is unchanged');
  await expect(outcome).toContainText('nothing new was stored');
  await expect(editor.getByText('edited', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(3);

  // Leaving now and discarding: the Translate screen, the editor back to the stored text.
  await nav.getByRole('link', { name: 'Translate' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(nav.getByRole('link', { name: 'Translate' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/#\/translate$/);
});

test('"Open in editor" on an upload result asks first too', async ({ page, api }) => {
  await arrange(api);
  await page.goto('./#/alignments');
  await openFiware(page);
  await editDescription(page);
  const xml = (await readAlignment('CO_FIWARE.rdf')).replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ;; ] .');
  await page.getByRole('textbox', { name: 'Alignment XML' }).fill(xml);
  await page.getByRole('button', { name: 'Upload pasted XML' }).click();
  await page.getByRole('button', { name: 'Open in editor: Pasted XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved edits' });
  await expect(dialog).toContainText('open Pasted XML');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('alignment-editor').getByRole('heading', { name: /Pasted XML/ })).toBeVisible();
});

test('the URL and the work in progress survive a reload; a fresh browser on the URL shows the same', async ({ page, api, browser, baseURL }, testInfo) => {
  await arrange(api);
  page.on('dialog', (d) => void d.accept());
  // The chain from a link.
  await page.goto('./#/translate/UniversAAL_CO_align/3.0.1/CO_FIWARE_align/1.0');
  const chain = page.getByRole('list', { name: 'Translation sequence' });
  await expect(chain.getByRole('listitem')).toHaveCount(2);
  await expect(chain.getByRole('listitem').first()).toContainText('UniversAAL_CO_align');
  await page.getByRole('checkbox', { name: 'Translate automatically after edits' }).uncheck();
  await page.getByRole('combobox', { name: 'Sample' }).selectOption({ index: 1 });
  await page.reload();
  await expect(chain.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('message-editor')).toContainText('InterIoTMsg:meta');
  await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Translate' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, testInfo, 'translate-after-reload');

  // Unsaved editor text survives a reload (the browser's own prompt is accepted here).
  await page.goto('./#/alignments/CO_FIWARE_align/1.0');
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully');
  await editDescription(page);
  await expect(page.getByTestId('alignment-editor').getByText('edited', { exact: true })).toBeVisible();
  await page.waitForTimeout(400);
  await page.reload();
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: /^CO_FIWARE_align 1\.0/ })).toBeVisible();
  await expect(editor.getByText('edited', { exact: true })).toBeVisible();
  // Monaco draws only the lines in view: go to the edited line, then read it.
  await sourceEditor(page).focus();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(DESCRIPTION_LINE));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('alignment-source')).toContainText('Edited on a working day.');

  // A fresh browser (nothing kept) on the same URL opens the stored alignment.
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(baseURL === undefined ? {} : { baseURL }) });
  const other = await fresh.newPage();
  await other.goto('./#/alignments/CO_FIWARE_align/1.0');
  await expect(other.getByTestId('alignment-editor').getByRole('heading', { name: /^CO_FIWARE_align 1\.0/ })).toBeVisible();
  await expect(other.getByTestId('alignment-editor').getByText('edited', { exact: true })).toBeHidden();
  await other.goto('./#/translate/CO_FIWARE_align/1.0');
  await expect(other.getByRole('list', { name: 'Translation sequence' }).getByRole('listitem')).toHaveCount(1);
  await fresh.close();
});

test('a server killed and restarted: an offline status instead of empty lists, then everything reloads by itself', async ({
  page,
  api,
  mediator,
}, testInfo) => {
  await arrange(api);
  await page.goto('./#/alignments');
  const rows = page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row');
  await expect(rows).toHaveCount(2);

  await mediator.kill();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /fetch/i })).toBeVisible();
  await expect(page.getByText('No alignments stored yet')).toBeHidden();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Channels' }).click();
  await expect(page.getByText('No channels.')).toBeHidden();
  await screenshot(page, testInfo, 'offline');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Alignments' }).click();

  const port = Number(new URL(mediator.url).port);
  const again = await startMediator({ port, dataDir: mediator.dataDir });
  try {
    await expect(page.getByTestId('connection-state')).toHaveText(/Connected/, { timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /fetch/i })).toHaveCount(0);
    await expect(rows).toHaveCount(2);
  } finally {
    await again.kill();
  }
});

test('destructive actions confirm, and their Delete controls name what they delete', async ({ page, api }) => {
  await arrange(api);
  await page.goto('./#/alignments');
  const del = page.getByRole('button', { name: 'Delete alignment CO_FIWARE_align 1.0' });
  await del.click();
  const dialog = page.getByRole('dialog', { name: 'Delete alignment?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(del).toBeFocused();
  await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(2);

  // A bridge's saved progress.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Bridge installation' }).click();
  await page.getByRole('textbox', { name: 'Bridge name' }).fill('example-bridge');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Alignments' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Bridge installation' }).click();
  const forget = page.getByRole('button', { name: 'Delete progress: example-bridge' });
  if ((await forget.count()) > 0) {
    await forget.click();
    const confirm = page.getByRole('dialog', { name: 'Delete bridge progress?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete progress' }).click();
    await expect(forget).toHaveCount(0);
  }
});

test('keyboard: Tab leaves Monaco, the tab lists follow arrow keys, Ctrl+Enter translates', async ({ page, api }) => {
  await arrange(api);
  await page.goto('./#/alignments');
  await openFiware(page);
  await expect(page.getByTestId('alignment-source-tab-mode')).toHaveText(/Tab moves focus · Ctrl\+M/);
  await expect(sourceEditor(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(sourceEditor(page)).not.toBeFocused();
  await expect(page.getByTestId('alignment-editor').getByText('edited', { exact: true })).toBeHidden();
  // Ctrl+M really switches Tab to indenting (and back).
  await sourceEditor(page).focus();
  await page.keyboard.press('Control+M');
  await expect(page.getByTestId('alignment-source-tab-mode')).toHaveText(/Tab indents/);
  await page.keyboard.press('Control+M');

  const source = page.getByRole('tab', { name: 'Source' });
  await source.focus();
  await page.keyboard.press('ArrowRight');
  const cells = page.getByRole('tab', { name: /^Cells/ });
  await expect(cells).toBeFocused();
  await expect(cells).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Turtle cells' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(source).toBeFocused();

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Translate' }).click();
  await page.getByRole('checkbox', { name: 'Translate automatically after edits' }).uncheck();
  await page.getByRole('combobox', { name: 'Sample' }).selectOption({ index: 1 });
  const message = page.getByRole('textbox', { name: 'Message (JSON-LD)' });
  await message.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('translation-result')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(message).not.toBeFocused();
});

test('at 1280x800 no screen scrolls sideways and the alignment table fits', async ({ page, api }, testInfo) => {
  await arrange(api);
  for (const [link, hash] of [
    ['Alignments', 'alignments'],
    ['Translate', 'translate'],
    ['Channels', 'channels'],
    ['Test suites', 'suites'],
    ['API history', 'api-history'],
    ['Bridge installation', 'bridge'],
  ] as const) {
    await page.goto(`./#/${hash}`);
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${link} scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, `screen-${hash}-1280`);
  }
  await page.goto('./#/alignments');
  const table = page.getByRole('table', { name: 'Alignments' });
  await expect(table.getByTestId('alignment-row')).toHaveCount(2);
  const box = await table.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  const del = page.getByRole('button', { name: 'Delete alignment UniversAAL_CO_align 3.0.1' });
  const delBox = await del.boundingBox();
  expect((delBox?.x ?? 0) + (delBox?.width ?? 0)).toBeLessThanOrEqual(1280);
});
