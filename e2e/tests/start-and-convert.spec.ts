/**
 * Issue 39, points 1 and 6, at 1280x800 in both themes: a legacy alignment dropped, pasted or open
 * in the editor offers "Convert to IPSM-AF", whose result opens in the editor and uploads; "Convert
 * to Turtle cells" on a legacy file converts instead of failing; "Open samples" stores the shipped
 * alignments and gives Translate a sample message and chain that translate. No console error, and
 * axe finds nothing serious or critical in these states.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../fixtures/paths.js';
import { dropFiles, expect, screenshot, test } from '../fixtures/test.js';
import { consoleErrors, seriousViolations } from '../fixtures/page-checks.js';

test.use({ viewport: { width: 1280, height: 800 } });

const legacyText = () => readFile(resolve(repoRoot, 'renderer/src/samples/CO_FIWARE_legacy.xml'), 'utf8');
const uploadResult = (page: Page, file: string) => page.getByTestId('upload-result').and(page.locator(`[data-file="${file}"]`));

for (const scheme of ['light', 'dark'] as const) {
  test(`a dropped legacy file converts to IPSM-AF, opens in the editor and uploads (${scheme})`, async ({ page, api }, testInfo) => {
    const errors = consoleErrors(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./#/alignments');
    await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
    await dropFiles(page, [{ name: 'CO_FIWARE_legacy.xml', text: await legacyText() }]);
    const result = uploadResult(page, 'CO_FIWARE_legacy.xml');
    await expect(result).toHaveAttribute('data-status', 'invalid');
    // The message speaks of the file and of what to do, not of the converter's functions.
    await expect(
      page
        .getByTestId('drop-notice')
        .or(page.getByRole('alert').filter({ hasText: 'CO_FIWARE_legacy.xml' }))
        .first(),
    ).toContainText('Convert to IPSM-AF');
    expect(await page.locator('body').innerText()).not.toMatch(/convertLegacyAlignment|convertCellsTo/);
    await result.getByRole('button', { name: 'Convert to IPSM-AF', exact: true }).click();

    const editor = page.getByTestId('alignment-editor');
    await expect(editor.getByRole('heading', { name: /CO_FIWARE_legacy-ipsm-af\.rdf \(CO_FIWARE_legacy 0\.5\)/ })).toBeVisible();
    await expect(page.getByTestId('legacy-convert-status')).toContainText('Converted “CO_FIWARE_legacy.xml” to IPSM-AF');
    await expect(page.getByTestId('validation-status')).toContainText('validated successfully');
    await expect(page.getByTestId('alignment-source')).toContainText('align:Alignment');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `legacy-converted-${scheme}`);

    await editor.getByRole('button', { name: /^(Upload|Save)$/ }).click();
    await expect(page.getByTestId('editor-upload-status')).toContainText(/created|uploaded|stored/i);
    const stored = (await (await api.get('alignments')).json()) as Array<{ name: string; version: string }>;
    expect(stored.map((a) => `${a.name} ${a.version}`)).toContain('CO_FIWARE_legacy 0.5');
    expect(errors).toEqual([]);
  });
}

test('pasted legacy XML offers Convert to IPSM-AF; Convert to Turtle cells on a legacy file converts it instead of failing', async ({ page }, testInfo) => {
  const errors = consoleErrors(page);
  const legacy = await legacyText();
  await page.goto('./#/alignments');
  await page.getByRole('textbox', { name: 'Alignment XML' }).fill(legacy);
  await page.getByRole('button', { name: 'Upload pasted XML' }).click();
  const pasted = uploadResult(page, 'Pasted XML');
  await expect(pasted).toHaveAttribute('data-status', 'invalid');
  await expect(pasted).not.toContainText('convertLegacyAlignment');

  // The same document open in the editor: the server's problem names the button, which is in the toolbar.
  await pasted.getByRole('button', { name: 'Open in editor: Pasted XML' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Alignment actions' });
  await expect(toolbar.getByRole('button', { name: 'Convert to IPSM-AF', exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Convert to Turtle cells' }).click();
  // Converted (the start of the document is on screen), and no failure beside the toolbar.
  await expect(page.getByTestId('converted-source')).toContainText('<dcelem:title>CO_FIWARE_legacy</dcelem:title>');
  await expect(page.getByTestId('alignment-editor').getByRole('alert')).toHaveCount(0);
  await screenshot(page, testInfo, 'legacy-turtle-cells');

  await toolbar.getByRole('button', { name: 'Convert to IPSM-AF', exact: true }).click();
  await expect(page.getByTestId('alignment-editor').getByRole('heading', { name: /Pasted-XML-ipsm-af\.rdf/ })).toBeVisible();
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully');
  expect(errors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`Open samples stores the sample alignments and gives Translate a message that translates (${scheme})`, async ({ page }, testInfo) => {
    const errors = consoleErrors(page);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./#/alignments');
    // An empty list says how to start.
    await expect(page.getByText('No alignments stored yet. To start, choose Open samples')).toBeVisible();
    await expect(page.getByRole('link', { name: 'API (Swagger UI)' })).toHaveAttribute('href', 'swagger/');
    await page.getByRole('button', { name: 'Open samples' }).click();
    const status = page.getByTestId('samples-status');
    await expect(status).toContainText('Stored the sample alignments UniversAAL_CO_align 3.0.1, CO_FIWARE_align 1.0, BodyCloud_CO_align 2.0.2');
    await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `samples-opened-${scheme}`);

    await status.getByRole('button', { name: 'Go to Translate' }).click();
    await expect(page.getByTestId('sequence-item')).toHaveText([/UniversAAL_CO_align/, /CO_FIWARE_align/]);
    await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `samples-translated-${scheme}`);

    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Getting started' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });
}
