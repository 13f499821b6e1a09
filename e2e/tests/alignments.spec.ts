import { dropFiles, expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

const uploadResult = (page: import('@playwright/test').Page, file: string) => page.getByTestId('upload-result').and(page.locator(`[data-file="${file}"]`));

test('dropping alignment files on the Alignments screen uploads each one with its own result', async ({ page }, testInfo) => {
  const universaal = await readAlignment('UniversAAL_CO.rdf');
  const fiware = await readAlignment('CO_FIWARE.rdf');
  await page.goto('./#/alignments');
  await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);

  // Two new alignments at once (drops on other screens: drops.spec.ts).
  await dropFiles(page, [
    { name: 'UniversAAL_CO.rdf', text: universaal },
    { name: 'CO_FIWARE.rdf', text: fiware },
  ]);
  await expect(page.getByRole('heading', { name: 'Upload results' })).toBeVisible();
  await expect(uploadResult(page, 'UniversAAL_CO.rdf')).toHaveAttribute('data-status', 'created');
  await expect(uploadResult(page, 'UniversAAL_CO.rdf')).toContainText('Created');
  await expect(uploadResult(page, 'CO_FIWARE.rdf')).toHaveAttribute('data-status', 'created');
  const table = page.getByRole('table', { name: 'Alignments' });
  await expect(table.getByTestId('alignment-row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /UniversAAL_CO_align/ })).toContainText('3.0.1');
  await expect(table.getByRole('row', { name: /UniversAAL_CO_align/ })).toContainText('9');

  // The same document again, and one with the same name and version but different content.
  await page.getByRole('button', { name: 'Clear' }).click();
  await dropFiles(page, [
    { name: 'again.rdf', text: universaal },
    { name: 'changed.xml', text: universaal.replace('<dcelem:description>ADDED', '<dcelem:description>CHANGED') },
  ]);
  await expect(uploadResult(page, 'again.rdf')).toHaveAttribute('data-status', 'exists');
  await expect(uploadResult(page, 'again.rdf')).toContainText('Already there');
  await expect(uploadResult(page, 'again.rdf')).toContainText('already exists');
  await expect(uploadResult(page, 'changed.xml')).toHaveAttribute('data-status', 'conflict');
  await expect(uploadResult(page, 'changed.xml')).toContainText('different content');
  await expect(table.getByTestId('alignment-row')).toHaveCount(2);
  await screenshot(page, testInfo, 'alignments-screen');
});

test('an invalid alignment shows the server problems as Monaco markers at their line', async ({ page }, testInfo) => {
  const fiware = await readAlignment('CO_FIWARE.rdf');
  const lines = fiware.split('\n');
  const badLine = lines.findIndex((l) => l.includes('var:CTX a phd:WeighingScale .')) + 1;
  expect(badLine).toBeGreaterThan(0);
  const broken = fiware.replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ;; ] .');
  await page.goto('./');
  await dropFiles(page, [{ name: 'broken.rdf', text: broken }]);
  const result = uploadResult(page, 'broken.rdf');
  await expect(result).toHaveAttribute('data-status', 'invalid');
  await expect(result).toContainText('invalid Turtle');

  await result.getByRole('button', { name: 'Open in editor: broken.rdf' }).click();
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: /broken\.rdf/ })).toBeVisible();
  // The marker Monaco holds for the model (read back from Monaco, listed for assistive technology).
  const marker = page.getByTestId('alignment-source-markers').locator('li[data-severity="error"]');
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute('data-line', String(badLine));
  await expect(marker).toContainText('invalid Turtle in entity1 of cell cell2_weight');

  // The problem list jumps to the marker.
  await editor
    .getByRole('list', { name: 'Problems' })
    .getByRole('button', { name: /invalid Turtle/ })
    .click();
  await expect(page.getByTestId('alignment-source-cursor')).toHaveText(new RegExp(`Ln ${badLine}, Col \\d+`));
  await screenshot(page, testInfo, 'alignment-invalid-markers');

  // Fixing the text in the editor and uploading it stores the alignment.
  await page.getByRole('code').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('var:CTX a phd:WeighingScale .');
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully', { timeout: 15_000 });
  await expect(page.getByTestId('alignment-source-markers').locator('li[data-severity="error"]')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('editor-upload-status')).toContainText('uploaded successfully');
  await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(1);
});

test('the detail view shows source, cells with compiled SPARQL, Turtle conversion', async ({ page, api }, testInfo) => {
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  await page.goto('./');
  await page.getByRole('button', { name: 'Open CO_FIWARE_align 1.0' }).click();
  const editor = page.getByTestId('alignment-editor');
  await expect(page.getByTestId('validation-status')).toContainText('validated');
  // Warnings become markers too.
  await expect(page.getByTestId('alignment-source-markers').locator('li[data-severity="warning"]')).not.toHaveCount(0);
  await screenshot(page, testInfo, 'alignment-detail-source');

  await editor.getByRole('tab', { name: /Cells/ }).click();
  await expect(editor.getByTestId('cell')).toHaveCount(11);
  const weight = editor.getByTestId('cell').and(page.locator('[data-cell-id="cell2_weight"]'));
  await weight.getByText('Compiled SPARQL').click();
  await expect(weight.getByTestId('compiled-sparql')).toContainText('DELETE {');
  await screenshot(page, testInfo, 'alignment-detail-cells');
  await weight.getByRole('button', { name: /show cell2_weight in the source/ }).click();
  await expect(page.getByTestId('alignment-source-cursor')).toHaveText(/Ln 104,/);

  await editor.getByRole('button', { name: 'Convert to Turtle cells' }).click();
  await expect(editor.getByRole('tab', { name: 'Turtle cells' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('converted-source')).toBeVisible();
  await expect(page.getByTestId('converted-source')).toContainText('rdf:RDF');

  const download = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('CO_FIWARE_align-1.0.rdf');
});

test('a cell named outside the sripas namespace shows its compiled SPARQL; XML that is not well-formed is marked while typing', async ({
  page,
  api,
}, testInfo) => {
  // The server names this cell by its whole IRI; the renderer's own reader once cut it to `weight`
  // and the cell never found its SPARQL (issue 14). The cell list now shows the server's view.
  const foreign = 'http://example.org/cells#weight';
  await uploadAlignment(api, (await readAlignment('CO_FIWARE.rdf')).replaceAll('http://www.inter-iot.eu/sripas#cell2_weight', foreign));
  await page.goto('./');
  await page.getByRole('button', { name: 'Open CO_FIWARE_align 1.0' }).click();
  const editor = page.getByTestId('alignment-editor');
  await editor.getByRole('tab', { name: /Cells/ }).click();
  await expect(editor.getByTestId('cell')).toHaveCount(11);
  const cell = editor.getByTestId('cell').and(page.locator(`[data-cell-id="${foreign}"]`));
  await expect(cell).toContainText('step 3');
  await expect(cell).toContainText('var:CTX a phd:WeighingScale .');
  await cell.getByText('Compiled SPARQL').click();
  await expect(cell.getByTestId('compiled-sparql')).toContainText('DELETE {');
  await expect(cell.getByTestId('compiled-sparql')).toContainText('PersonalHealthDevice.owl#WeighingScale');
  await screenshot(page, testInfo, 'alignment-foreign-cell');

  // Typing an unfinished tag: fast-xml-parser's validator marks it at its line and column at once.
  await editor.getByRole('tab', { name: 'Source' }).click();
  await page.getByRole('code').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n<oops');
  const marker = page.getByTestId('alignment-source-markers').locator('li[data-severity="error"]');
  await expect(marker).toHaveCount(1);
  await expect(marker).toContainText('Not well-formed XML');
  const line = Number(await marker.getAttribute('data-line'));
  expect(line).toBeGreaterThan(300);
  await expect(page.getByTestId('well-formedness')).toContainText(`line ${line}, column`);
  await screenshot(page, testInfo, 'alignment-well-formedness');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(marker).toHaveCount(0);
  await expect(page.getByTestId('well-formedness')).toHaveCount(0);
});

test('pasted XML that the server refuses stays in the box with the server message', async ({ page }) => {
  await page.goto('./');
  const box = page.getByLabel('Alignment XML');
  await box.fill('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><oops></rdf:RDF>');
  await page.getByRole('button', { name: 'Upload pasted XML' }).click();
  await expect(page.getByTestId('paste-status')).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('paste-status')).toContainText(/mismatched|tag/i);
  await expect(box).toHaveValue(/<oops>/);
});
