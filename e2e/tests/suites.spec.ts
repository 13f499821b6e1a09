import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataDir, goldenDir } from '../fixtures/paths.js';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

/** Golden steps.tsv rows as [cell, deleted, inserted]. */
async function goldenSteps(pair: string): Promise<Array<[string, number, number]>> {
  const text = await readFile(join(goldenDir, pair, 'steps.tsv'), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const c = l.split('\t');
      return [c[2] ?? '', Number(c[5]), Number(c[6])];
    });
}

test('a test case saved from the translate screen passes, still passes after a rename, then fails naming the changed cell after a new version is uploaded', async ({
  page,
  api,
}, testInfo) => {
  const coFiware = await readAlignment('CO_FIWARE.rdf');
  await uploadAlignment(api, coFiware);

  await page.goto('./#/translate');
  await page.getByRole('combobox', { name: 'Alignment', exact: true }).selectOption({ label: 'CO_FIWARE_align 1.0 (11 cells)' });
  await page.getByRole('button', { name: 'Add to sequence' }).click();
  await page.getByLabel('Message file').setInputFiles(join(dataDir, 'messages', 'weight.UniversAAL_CO.json'));
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');

  await page.getByRole('button', { name: 'Save as test case…' }).click();
  const form = page.getByRole('form', { name: 'Save as test case' });
  await form.getByLabel('Suite').fill('regression');
  await form.getByLabel('Case name').fill('weight');
  await screenshot(page, testInfo, 'save-test-case');
  await form.getByRole('button', { name: 'Save case' }).click();
  await expect(page.getByTestId('save-case-status')).toHaveText('Saved “weight” in suite “regression”');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Test suites' }).click();
  await page.getByRole('list', { name: 'Suites' }).getByRole('button', { name: 'regression' }).click();
  const detail = page.getByTestId('suite-detail');
  await detail.getByRole('button', { name: 'Run all' }).click();
  await expect(detail.getByTestId('suite-summary')).toHaveText('1 passed, 0 failed, 0 error(s) of 1');
  await expect(detail.getByTestId('suite-case')).toHaveAttribute('data-status', 'passed');
  await screenshot(page, testInfo, 'suite-green');

  // Version 1.0.1 only renames cell0 (same meaning): the case still passes, steps included.
  const renamed = coFiware.replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.0.1</exmo:version>').replaceAll('sripas#cell0"', 'sripas#cell0_time"');
  expect(renamed).toContain('cell0_time');
  await uploadAlignment(api, renamed);
  await detail.getByRole('button', { name: 'Run all' }).click();
  await expect(detail.getByTestId('suite-case')).toContainText('CO_FIWARE_align 1.0.1');
  await expect(detail.getByTestId('suite-summary')).toHaveText('1 passed, 0 failed, 0 error(s) of 1');

  // Version 1.1: the rename, and cell2_weight inserts one more triple wherever it fires.
  const changed = renamed
    .replace('<exmo:version>1.0.1</exmo:version>', '<exmo:version>1.1</exmo:version>')
    .replace('fw:hasType "WeighingScale" ;', 'fw:hasType "WeighingScale" ; fw:hasLabel "v1.1" ;');
  expect(changed).toContain('fw:hasLabel "v1.1"');
  await uploadAlignment(api, changed);

  await detail.getByRole('button', { name: 'Run all' }).click();
  await expect(detail.getByTestId('suite-summary')).toHaveText('0 passed, 1 failed, 0 error(s) of 1');
  const row = detail.getByTestId('suite-case');
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(row).toContainText('CO_FIWARE_align 1.1');
  await detail.getByRole('button', { name: 'Why?' }).click();
  const failure = detail.getByTestId('case-failure');
  // The changed cell is blamed, by meaning: the renamed cell0 is not.
  const blamed = failure.getByTestId('cell-difference');
  await expect(blamed).toHaveCount(1);
  const cell = failure.getByRole('region', { name: 'Cell cell2_weight' });
  await expect(cell.getByRole('link', { name: 'CO_FIWARE_align 1.1, step 3, cell cell2_weight' })).toBeVisible();
  await expect(cell).toContainText('the cell means something else now');
  const expectedInserted = (await goldenSteps('weight.UniversAAL_CO__CO_FIWARE')).find(([c]) => c === 'cell2_weight')?.[2];
  const recordedRun = cell.getByRole('region', { name: 'In the recorded run' });
  const thisRun = cell.getByRole('region', { name: 'In this run' });
  await expect(recordedRun.getByRole('heading', { name: `added (${expectedInserted})` })).toBeVisible();
  await expect(thisRun.getByRole('heading', { name: `added (${(expectedInserted ?? 0) + 1})` })).toBeVisible();
  await expect(thisRun.getByRole('list', { name: 'added' })).toContainText('fw:hasLabel "v1.1"');
  await expect(recordedRun.getByRole('list', { name: 'added' })).not.toContainText('"v1.1"');
  await expect(failure.getByTestId('first-differing-step')).toContainText('cell cell2_weight');
  await expect(failure).not.toContainText('cell cell0');
  await expect(failure.getByTestId('triples-added')).toHaveText('1');
  await expect(failure.getByRole('region', { name: 'Added triples' })).toContainText('"v1.1"');
  await screenshot(page, testInfo, 'suite-red');

  // The cell's link opens it in the alignment editor, on the Cells tab, focused.
  await cell.getByRole('link', { name: /cell cell2_weight/ }).click();
  await expect(page).toHaveURL(/#\/alignments\/CO_FIWARE_align\/1\.1\/cell2_weight$/);
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: 'CO_FIWARE_align 1.1' })).toBeVisible();
  await expect(editor.getByRole('tab', { name: /Cells/ })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.getByRole('listitem', { name: 'Cell cell2_weight (linked)' })).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/#\/suites$/);
  await page.getByRole('list', { name: 'Suites' }).getByRole('button', { name: 'regression' }).click();

  // The recorded version still passes.
  await detail.getByLabel('Alignments').selectOption('recorded');
  await detail.getByRole('button', { name: 'Run all' }).click();
  await expect(detail.getByTestId('suite-summary')).toHaveText('1 passed, 0 failed, 0 error(s) of 1');

  // Deleting the case asks first: Cancel keeps it, the dialog's own button deletes it.
  const deleteCase = detail.getByRole('button', { name: /^Delete test case / });
  await deleteCase.click();
  const confirm = page.getByRole('dialog', { name: 'Delete test case?' });
  await expect(confirm).toContainText('from this suite?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByTestId('suite-case')).toHaveCount(1);
  await deleteCase.click();
  await confirm.getByRole('button', { name: 'Delete test case' }).click();
  await expect(page.getByTestId('suite-case')).toHaveCount(0);
});

test('the cell list shows coverage over chosen messages as a heat column, and can show only the cells that never fired', async ({ page, api }, testInfo) => {
  await uploadAlignment(api, await readAlignment('BodyCloud_CO.rdf'));
  const pairs = ['bc-weight__BodyCloud_CO', 'bc-bloodPressure__BodyCloud_CO'];
  const fired = new Map<string, number>();
  for (const pair of pairs) for (const [cell, d, i] of await goldenSteps(pair)) fired.set(cell, (fired.get(cell) ?? 0) + (d + i > 0 ? 1 : 0));
  const never = [...fired].filter(([, n]) => n === 0).map(([cell]) => cell);
  expect(never.length).toBeGreaterThan(0);

  await page.goto('./');
  await page.getByRole('button', { name: 'Open BodyCloud_CO_align 2.0.2' }).click();
  const editor = page.getByTestId('alignment-editor');
  await editor.getByRole('tab', { name: /Cells/ }).click();
  await expect(editor.getByTestId('cell')).toHaveCount(fired.size);
  await editor.getByLabel('Coverage messages').setInputFiles([join(dataDir, 'messages', 'bc-weight.json'), join(dataDir, 'messages', 'bc-bloodPressure.json')]);
  await expect(editor.getByTestId('coverage-summary')).toHaveText(`2 messages; ${never.length} cells never fired`);
  for (const [cell, n] of fired) {
    await expect(editor.locator(`[data-cell-id="${cell}"]`).getByTestId('cell-heat')).toHaveAttribute('data-fired', String(n));
  }
  await screenshot(page, testInfo, 'coverage-heat');

  await editor.getByLabel('Only cells that never fired').check();
  await expect(editor.getByTestId('cell')).toHaveCount(never.length);
  await expect(editor.getByTestId('cell').locator('h4')).toHaveText(never);
  await screenshot(page, testInfo, 'coverage-never-fired');
});
