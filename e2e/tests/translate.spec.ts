import { join } from 'node:path';
import { goldenDiff } from '../fixtures/golden.js';
import { goldenDir } from '../fixtures/paths.js';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

test('translating the golden weight message through UniversAAL_CO then CO_FIWARE shows the payload diff and trace', async ({ page, api }, testInfo) => {
  const golden = await goldenDiff('weight__UniversAAL_CO__CO_FIWARE');
  expect(golden.before).toBe(23);
  expect(golden.after).toBe(35);
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));

  await page.goto('./#/translate');
  await expect(page.getByRole('heading', { name: 'Alignment sequence' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
  const add = page.getByRole('button', { name: 'Add to sequence' });
  // Added in the wrong order, then reordered; an extra one added and removed.
  for (const option of ['CO_FIWARE_align 1.0 (11 cells)', 'UniversAAL_CO_align 3.0.1 (9 cells)', 'CO_FIWARE_align 1.0 (11 cells)']) {
    await picker.selectOption({ label: option });
    await add.click();
  }
  // CO_FIWARE (central -> FIWARE) before UniversAAL_CO (universAAL -> central) does not meet: said so.
  const gaps = page.getByRole('alert').filter({ hasText: 'does not meet' });
  await expect(gaps).toContainText('Step 1 (CO_FIWARE_align 1.0) translates into http://inter-iot.eu/onto/syntax/FIWAREv2#');
  await page.getByRole('button', { name: 'Remove CO_FIWARE_align from the sequence' }).last().click();
  await page.getByRole('button', { name: 'Move UniversAAL_CO_align up' }).click();
  await expect(page.getByTestId('sequence-item')).toHaveText([/UniversAAL_CO_align/, /CO_FIWARE_align/]);
  await expect(gaps).toHaveCount(0);

  // The golden input, opened from disk; the run starts by itself after the message changes.
  await page.getByLabel('Message file').setInputFiles(join(goldenDir, 'weight__UniversAAL_CO__CO_FIWARE', 'input.json'));
  await expect(page.getByTestId('message-editor')).toContainText('InterIoTMsg:meta308c3987');
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');

  const diff = page.getByTestId('payload-diff');
  await expect(diff.getByTestId('triples-before')).toHaveText(String(golden.before));
  await expect(diff.getByTestId('triples-after')).toHaveText(String(golden.after));
  await expect(diff.getByTestId('triples-removed')).toHaveText(String(golden.removed));
  await expect(diff.getByTestId('triples-added')).toHaveText(String(golden.added));
  // The server's diff, written with the message's own prefixes (its @context declares xsd).
  const added = diff.getByRole('region', { name: 'Added triples' }).getByTestId('diff-triple');
  await expect(added).toHaveCount(golden.added);
  await expect(added.filter({ hasText: '"0.0"^^xsd:float' })).not.toHaveCount(0);
  await screenshot(page, testInfo, 'translate-diff');

  await page.getByRole('tab', { name: /Trace/ }).click();
  const rows = page.getByRole('table', { name: 'Translation trace' }).getByTestId('trace-row');
  await expect(rows).toHaveCount(golden.steps.length);
  // Per-step deleted/inserted as the reference recorded them.
  for (const [i, step] of golden.steps.entries()) {
    const [, stepNo, cell, before, after, deleted, inserted] = step;
    await expect(rows.nth(i).getByRole('cell')).toHaveText([/.+/, stepNo ?? '', before ?? '', after ?? '', deleted ?? '', inserted ?? '', /.*/, /.*/, /.*/]);
    await expect(rows.nth(i).getByRole('rowheader')).toHaveText(cell ?? '');
  }
  await screenshot(page, testInfo, 'translate-trace');

  await page.getByRole('tab', { name: 'Output message' }).click();
  await expect(page.getByTestId('output-editor')).toContainText('InterIoTMsg:metadata');
  await screenshot(page, testInfo, 'translate-output');
});

test('a message the server cannot parse shows its message and keeps the text', async ({ page }) => {
  await page.goto('./#/translate');
  await page.getByLabel('Translate automatically after edits').uncheck();
  await page.getByTestId('message-editor').getByRole('code').click();
  await page.keyboard.insertText('{ "@graph": [ oops');
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(page.getByTestId('translate-status')).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('translate-status')).toContainText(/pars/i);
  await expect(page.getByTestId('message-editor')).toContainText('"@graph"');
});

test('a sample message can be translated with an empty sequence (identity)', async ({ page }) => {
  await page.goto('./#/translate');
  await page.getByLabel('Sample').selectOption({ label: 'BodyCloud weight (bc-weight.json)' });
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
  await expect(page.getByTestId('triples-removed')).toHaveText('0');
  await expect(page.getByTestId('triples-added')).toHaveText('0');
});

test('typing in the message editor never waits for a translation: keys land while one runs, and runs are debounced', async ({ page }) => {
  await page.goto('./#/translate');
  await page.getByLabel('Sample').selectOption({ label: 'BodyCloud weight (bc-weight.json)' });
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');

  // Hold every translation at the server's door for 3 s: a slow translation, for the UI's sake.
  const started: string[] = [];
  await page.route('**/translation*', async (route) => {
    started.push(route.request().method());
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined); // the run may have been superseded and aborted
  });
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(page.getByTestId('translate-status')).toHaveText('Translating…');

  const editor = page.getByTestId('message-editor');
  await editor.getByRole('code').click();
  await page.keyboard.press('Control+End');
  const word = 'typedwhiletranslating';
  // The page's own time of each key: a loaded machine can pause between two keys of one
  // keyboard.type for longer than the debounce, and a pause that long rightly ends a burst.
  await page.evaluate(() => {
    const times: number[] = [];
    (window as unknown as { keyTimes: number[] }).keyTimes = times;
    document.addEventListener('keydown', () => times.push(performance.now()), true);
  });
  await page.keyboard.type(word);
  // Every key is in the editor while the first translation is still pending.
  await expect(editor).toContainText(word);
  await expect(page.getByTestId('translate-status')).toHaveText('Translating…');
  const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  expect(keyTimes).toHaveLength(word.length);
  // One run for the button, then one per edit burst: a gap well past the debounce (600 ms) ends a
  // burst, one well below it cannot; gaps near it may go either way (key to edit takes a moment,
  // and under a full suite's load a gap of over 750 ms between two keydowns once started no run,
  // likely because the edits, which the debounce times, came closer together than their keys).
  const gaps = keyTimes.slice(1).map((t, i) => t - keyTimes[i]!);
  const fewest = 2 + gaps.filter((g) => g > 1500).length;
  const most = 2 + gaps.filter((g) => g >= 450).length;
  // None per keystroke: at most one per burst while the button's run is still pending.
  expect(started.length).toBeLessThanOrEqual(most);
  await expect.poll(() => started.length, { timeout: 5000 }).toBeGreaterThanOrEqual(fewest);
  await page.waitForTimeout(1000);
  expect(started.length, `key gaps (ms): ${gaps.map((g) => g.toFixed(0)).join(' ')}`).toBeGreaterThanOrEqual(fewest);
  expect(started.length, `key gaps (ms): ${gaps.map((g) => g.toFixed(0)).join(' ')}`).toBeLessThanOrEqual(most);
  // The debounced run translates what was typed (now not JSON): the server's message is shown, the text kept.
  await expect(page.getByTestId('translate-status')).toHaveAttribute('role', 'alert', { timeout: 10_000 });
  await expect(editor).toContainText(word);
});
