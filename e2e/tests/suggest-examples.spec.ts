/**
 * Cells from examples with several examples (issue 41): one weighing gives questions (the grams and
 * the label could be constants or functions of the input), asked in a readable dialog; a second
 * example removes them and both examples are reported reproduced; an unchanged wanted output is
 * refused with "edit the wanted output first". axe-core on the panel and on the dialog.
 */
import { writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, screenshot, test } from '../fixtures/test.js';
import type { Page } from '@playwright/test';

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

const CONTEXT = { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/health#', xsd: 'http://www.w3.org/2001/XMLSchema#' };

function message(payload: object): string {
  return JSON.stringify(
    {
      '@graph': [
        { '@id': 'InterIoTMsg:metadata', '@graph': [{ '@id': 'InterIoTMsg:meta1', '@type': ['InterIoTMsg:meta', 'InterIoTMsg:Observation'] }] },
        { '@id': 'InterIoTMsg:payload', '@graph': [payload] },
      ],
      '@context': CONTEXT,
    },
    null,
    2,
  );
}

const weighing = (patient: string, kg: string, grams: string) => ({
  input: message({ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:patient': patient, 'ex:kg': { '@value': kg, '@type': 'xsd:decimal' } }),
  output: message({ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:patient': patient, 'ex:grams': grams, 'ex:label': `weight of ${patient}` }),
});

test('several examples: questions from one, none from two, each example reported reproduced', async ({ page, context, baseURL }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  const first = weighing('001EXP', '68.5', '68500');
  const second = weighing('002EXP', '80.25', '80250');
  const inputFile = testInfo.outputPath('weighing-1.json');
  await writeFile(inputFile, first.input);
  await page.goto('./#/translate');
  await page.getByLabel('Message file').setInputFiles(inputFile);

  const panel = page.getByRole('region', { name: 'Cells from examples' });
  await panel.getByRole('button', { name: 'Suggest cells…' }).click();
  // Unchanged, the wanted output is no example of a change.
  await panel.getByRole('button', { name: 'Start from today’s translation' }).click();
  await panel.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(panel.getByTestId('suggest-hint')).toHaveText('Edit the wanted output first (example 1 is unchanged)');

  await panel.getByRole('button', { name: 'Start empty' }).click();
  await panel.getByTestId('expected-output-editor').getByRole('code').click();
  await page.evaluate(async (text) => navigator.clipboard.writeText(text), first.output);
  await page.keyboard.press('ControlOrMeta+V');
  await panel.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(panel.getByTestId('suggest-status')).toHaveText('Suggested; 2 open question(s)');
  expect(await axeViolations(page)).toEqual([]);

  // The dialog names IRIs with the messages' prefixes and offers "a constant" for each value.
  await panel.getByRole('button', { name: 'Answer questions (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where does each value come from?' });
  await expect(dialog.getByRole('radiogroup')).toHaveCount(2);
  await expect(dialog).toContainText('ex:w-001EXP ex:grams "68500"');
  await expect(dialog.getByRole('radio', { name: /a constant: always "68500"/ })).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: /a constant: always "weight of 001EXP"/ })).toHaveCount(1);
  expect(await dialog.textContent()).not.toContain('http://example.org/health#');
  await screenshot(page, testInfo, 'suggest-examples-questions');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A second example separates a constant from a function: no question is left.
  await panel.getByRole('button', { name: 'Add example' }).click();
  await panel.getByLabel('Input message of example 2', { exact: true }).fill(second.input);
  await panel.getByLabel('Wanted output of example 2', { exact: true }).fill(second.output);
  await panel.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(panel.getByTestId('suggest-status')).toHaveText('Suggested; no open questions; all 2 examples reproduced');
  const checks = panel.getByRole('list', { name: 'Examples reproduced' });
  await expect(checks.getByRole('listitem')).toHaveText(['Example 1: reproduced', 'Example 2: reproduced']);
  await expect(panel.getByTestId('suggested-editor')).not.toContainText('weight of 001EXP');
  await screenshot(page, testInfo, 'suggest-examples-two');
  expect(await axeViolations(page)).toEqual([]);
});
