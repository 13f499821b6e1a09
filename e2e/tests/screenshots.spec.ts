/**
 * Screenshots of each screen at 1280x800, light and dark (issue 25 acceptance), each screen in a
 * working state (a translation done, a failed suite case with its blamed cell, a channel, an open
 * alignment), written to test-results/screenshots/<screen>-<theme>.png for a person to look at.
 * Each screen is also checked for sideways page scroll.
 */
import { join } from 'node:path';
import { dataDir } from '../fixtures/paths.js';
import { expect, readAlignment, test, uploadAlignment } from '../fixtures/test.js';

test.use({ viewport: { width: 1280, height: 800 } });

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of every screen in a working state (${scheme})`, async ({ page, api }, testInfo) => {
    const coFiware = await readAlignment('CO_FIWARE.rdf');
    await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
    await uploadAlignment(api, coFiware);
    const created = await api.post('channels', {
      data: {
        source: 'mw-weight-in',
        sink: 'mw-weight-out',
        inpAlignmentName: 'CO_FIWARE_align',
        inpAlignmentVersion: '1.0',
        outAlignmentName: '',
        outAlignmentVersion: '',
      },
    });
    expect(created.status()).toBe(201);
    await page.emulateMedia({ colorScheme: scheme });
    const shots = join(testInfo.project.outputDir, 'screenshots');
    const shoot = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: no sideways scroll`).toBe(true);
      await page.screenshot({ path: join(shots, `${name}-${scheme}.png`) });
    };

    // Translate: a chain and a translated message, the diff grouped by cell.
    await page.goto('./#/translate/UniversAAL_CO_align/3.0.1/CO_FIWARE_align/1.0');
    await page.getByLabel('Message file').setInputFiles(join(dataDir, 'messages', 'weight.json'));
    await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
    await page.getByTestId('payload-diff').scrollIntoViewIfNeeded();
    await shoot('translate');

    // A suite case recorded, then failing on a changed cell.
    await page.goto('./#/translate/CO_FIWARE_align/1.0');
    await page.getByLabel('Message file').setInputFiles(join(dataDir, 'messages', 'weight.UniversAAL_CO.json'));
    await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
    await page.getByRole('button', { name: 'Save as test case…' }).click();
    const form = page.getByRole('form', { name: 'Save as test case' });
    await form.getByLabel('Suite').fill('regression');
    await form.getByLabel('Case name').fill('weight');
    await form.getByRole('button', { name: 'Save case' }).click();
    await expect(page.getByTestId('save-case-status')).toContainText('Saved');
    await uploadAlignment(
      api,
      coFiware
        .replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>')
        .replace('fw:hasType "WeighingScale" ;', 'fw:hasType "WeighingScale" ; fw:hasLabel "v1.1" ;'),
    );
    await page.goto('./#/suites');
    await page.getByRole('list', { name: 'Suites' }).getByRole('button', { name: 'regression' }).click();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByTestId('suite-summary')).toHaveText('0 passed, 1 failed, 0 error(s) of 1');
    await page.getByRole('button', { name: 'Why?' }).click();
    await expect(page.getByTestId('cell-difference')).toHaveCount(1);
    await shoot('suites');

    await page.goto('./#/channels');
    await expect(page.getByTestId('channel-row')).toHaveCount(1);
    await shoot('channels');

    await page.goto('./#/alignments/CO_FIWARE_align/1.0');
    await expect(page.getByTestId('validation-status')).toContainText('validated successfully');
    await shoot('alignments');
    await page.getByTestId('alignment-editor').getByRole('tab', { name: /Cells/ }).click();
    await shoot('alignments-cells');

    for (const screen of ['api-history', 'bridge'] as const) {
      await page.goto(`./#/${screen}`);
      await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
      await shoot(screen);
    }
  });
}
