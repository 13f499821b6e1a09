/**
 * Cells from examples on Translate (issue 30): a golden message pair (the questionnaire, whose
 * answers share the value 1, so the suggestion has a question) is suggested from, the question is
 * answered in its dialog, the suggestion is saved as a new alignment (then listed on Alignments),
 * put in the chain, and the example saved as a suite case that passes; and cells added to the
 * alignment open in the editor.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import { goldenDir } from '../fixtures/paths.js';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';
import type { Page } from '@playwright/test';

/** Serious or critical axe-core violations on the page as it is now (issue 25's bar). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

const PAIR = 'bc-questionnaire__BodyCloud_CO';

test('suggest cells from a golden pair, answer its question, save it as an alignment and the example as a suite case', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // The wanted output is pasted, as an engineer would: typed, Monaco would close brackets itself.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  const wanted = await readFile(join(goldenDir, PAIR, 'output.json'), 'utf8');
  await page.goto('./#/translate');
  await page.getByLabel('Message file').setInputFiles(join(goldenDir, PAIR, 'input.json'));

  const panel = page.getByRole('region', { name: 'Cells from examples' });
  await panel.getByRole('button', { name: 'Suggest cells…' }).click();
  await panel.getByRole('button', { name: 'Start empty' }).click();
  const expected = panel.getByTestId('expected-output-editor');
  await expected.getByRole('code').click();
  await page.evaluate(async (text) => navigator.clipboard.writeText(text), wanted);
  await page.keyboard.press('ControlOrMeta+V');
  await panel.getByLabel('Alignment name').fill('bc_questionnaire_suggested');
  await panel.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(panel.getByTestId('suggest-status')).toHaveText('Suggested; 2 open question(s)');
  await expect(panel.getByRole('region', { name: 'Remaining difference' })).toContainText(
    'None: the suggestion translates the message to the expected output.',
  );
  await expect(panel.getByTestId('suggested-editor')).toContainText('bc_questionnaire_suggested');
  expect(await axeViolations(page)).toEqual([]);

  // The value 1 could come from any of the eleven answers: the dialog asks which. And whether the
  // cells are for questionnaires only (every example had that message type).
  await panel.getByRole('button', { name: 'Answer questions (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where does each value come from?' });
  const group = dialog.getByRole('radiogroup', { name: /Source of "1"/ });
  await expect(group.getByRole('radio')).toHaveCount(11);
  await expect(group.getByRole('radio', { checked: true })).toHaveAccessibleName(/hasQuestion_1>? =/);
  await group.getByRole('radio', { name: /hasQuestion_10>? =/ }).check();
  const scope = dialog.getByRole('radiogroup', { name: 'Messages the cells apply to' });
  await expect(scope.getByRole('radio', { checked: true })).toHaveAccessibleName(/^every message/);
  await expect(scope.getByRole('radio', { name: /only messages where .*hasTypeMessage>? is "questionnaire"/ })).toHaveCount(1);
  await screenshot(page, testInfo, 'suggest-question');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply answers' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('suggest-status')).toHaveText('Suggested; no open questions');
  await expect(panel.getByRole('button', { name: /Answer questions/ })).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Remaining difference' })).toContainText(
    'None: the suggestion translates the message to the expected output.',
  );

  // Saved as a new alignment: the Alignments screen lists it.
  const save = panel.getByRole('form', { name: 'Save the suggestion' });
  await save.getByLabel('Save as').selectOption({ label: 'a new alignment' });
  await save.getByRole('button', { name: 'Save suggestion' }).click();
  await expect(panel.getByTestId('save-suggestion-status')).toContainText('Saved as a new alignment');
  await screenshot(page, testInfo, 'suggest-saved');

  // In the chain, the example as a suite case passes.
  const id = JSON.stringify(['bc_questionnaire_suggested', '1.0']);
  await page.getByRole('combobox', { name: 'Alignment', exact: true }).selectOption(id);
  await page.getByRole('button', { name: 'Add to sequence' }).click();
  const caseForm = panel.getByRole('form', { name: 'Save the example as a suite case' });
  await caseForm.getByLabel('Suite').fill('examples');
  await caseForm.getByLabel('Case name').fill('questionnaire');
  await caseForm.getByRole('button', { name: 'Save as suite case' }).click();
  await expect(panel.getByTestId('suggestion-case-status')).toHaveText('Saved “questionnaire” in suite “examples”, expecting the wanted output');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Alignments' }).click();
  await expect(page.getByRole('table', { name: 'Alignments' }).getByRole('row', { name: /bc_questionnaire_suggested/ })).toContainText('1.0');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Test suites' }).click();
  await page.getByRole('list', { name: 'Suites' }).getByRole('button', { name: 'examples' }).click();
  const detail = page.getByTestId('suite-detail');
  await detail.getByRole('button', { name: 'Run all' }).click();
  await expect(detail.getByTestId('suite-summary')).toHaveText('1 passed, 0 failed, 0 error(s) of 1');
});

test('suggested cells are added to the alignment open in the editor, which then validates', async ({ page, api, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  await page.goto('./#/alignments/CO_FIWARE_align/1.0');
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully', { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Cells (11)' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Translate' }).click();
  await page.getByLabel('Message file').setInputFiles(join(goldenDir, 'bc-weight__BodyCloud_CO', 'input.json'));
  const panel = page.getByRole('region', { name: 'Cells from examples' });
  await panel.getByRole('button', { name: 'Suggest cells…' }).click();
  await panel.getByRole('button', { name: 'Start empty' }).click();
  await panel.getByTestId('expected-output-editor').getByRole('code').click();
  await page.evaluate(async (text) => navigator.clipboard.writeText(text), await readFile(join(goldenDir, 'bc-weight__BodyCloud_CO', 'output.json'), 'utf8'));
  await page.keyboard.press('ControlOrMeta+V');
  await panel.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(panel.getByTestId('suggest-status')).toHaveText(/^Suggested; (no open questions|\d+ open question\(s\))$/);

  const save = panel.getByRole('form', { name: 'Save the suggestion' });
  await save.getByLabel('Save as').selectOption({ label: 'cells added to the open alignment (CO_FIWARE_align 1.0)' });
  await save.getByRole('button', { name: 'Save suggestion' }).click();
  await expect(panel.getByTestId('save-suggestion-status')).toHaveText(/^Added [1-9]\d* cell\(s\) to CO_FIWARE_align 1\.0 in the editor/);

  const added = Number(/Added (\d+)/.exec((await panel.getByTestId('save-suggestion-status').textContent()) ?? '')?.[1]);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Alignments' }).click();
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: /edited/ })).toBeVisible();
  await editor.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('validation-status')).toContainText('validated successfully', { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: `Cells (${11 + added})` })).toBeVisible({ timeout: 15_000 });
});
