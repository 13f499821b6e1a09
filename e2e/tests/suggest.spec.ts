/**
 * Cells from examples on Translate (issue 30): a golden message pair (the questionnaire, whose
 * answers share the value 1, so the suggestion has a question) is suggested from, the question is
 * answered in its dialog, the suggestion is saved as a new alignment (then listed on Alignments),
 * put in the chain, and the example saved as a suite case that passes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { goldenDir } from '../fixtures/paths.js';
import { expect, screenshot, test } from '../fixtures/test.js';

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
  await expect(panel.getByTestId('suggest-status')).toHaveText('Suggested; 1 open question(s)');
  await expect(panel.getByRole('region', { name: 'Remaining difference' })).toContainText(
    'None: the suggestion translates the message to the expected output.',
  );
  await expect(panel.getByTestId('suggested-editor')).toContainText('bc_questionnaire_suggested');

  // The value 1 could come from any of the eleven answers: the dialog asks which.
  await panel.getByRole('button', { name: 'Answer questions (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where does each value come from?' });
  const group = dialog.getByRole('radiogroup', { name: /Source of "1"/ });
  await expect(group.getByRole('radio')).toHaveCount(11);
  await expect(group.getByRole('radio', { checked: true })).toHaveAccessibleName(/hasQuestion_1> =/);
  await group.getByRole('radio', { name: /hasQuestion_10> =/ }).check();
  await screenshot(page, testInfo, 'suggest-question');
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
