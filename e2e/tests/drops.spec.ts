/**
 * Drops go where they are dropped (issue 25, point 4): a message onto Translate's message, an
 * alignment onto the chain or the alignment list; a file a target does not take is named in a
 * notice, and the screen never changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataDir } from '../fixtures/paths.js';
import { dropFiles, expect, readAlignment, screenshot, test } from '../fixtures/test.js';

const MESSAGE = 'weight.UniversAAL_CO.json';

async function storedAlignments(api: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const list = (await (await api.get('alignments')).json()) as Array<{ name: string; version: string }>;
  return list.map((a) => `${a.name} ${a.version}`);
}

test('on Translate, a message dropped on the message loads there and an alignment dropped on the chain is uploaded and added', async ({
  page,
  api,
}, testInfo) => {
  const message = await readFile(join(dataDir, 'messages', MESSAGE), 'utf8');
  const coFiware = await readAlignment('CO_FIWARE.rdf');
  await page.goto('./#/translate');
  const messagePanel = page.getByRole('region', { name: 'Message' });
  const chain = page.getByRole('region', { name: 'Alignment sequence' });

  await dropFiles(page, [{ name: MESSAGE, text: message }], messagePanel);
  const notice = page.getByRole('status', { name: 'Dropped files' });
  await expect(notice).toContainText(new RegExp(`Loaded the message “${MESSAGE.replace(/\./g, '\\.')}”`));
  await expect(page).toHaveURL(/#\/translate/);
  await expect(messagePanel).toContainText(MESSAGE);
  await expect(page.getByRole('link', { name: 'Translate' })).toHaveAttribute('aria-current', 'page');

  // Not stored yet: uploaded, then added to the chain; still on Translate.
  expect(await storedAlignments(api)).toEqual([]);
  await dropFiles(page, [{ name: 'CO_FIWARE.rdf', text: coFiware }], chain);
  await expect(notice).toContainText('Added “CO_FIWARE.rdf” (CO_FIWARE_align 1.0) to the chain.');
  await expect(chain.getByRole('list', { name: 'Translation sequence' }).getByRole('listitem')).toHaveText([/CO_FIWARE_align\s*1\.0/]);
  expect(await storedAlignments(api)).toEqual(['CO_FIWARE_align 1.0']);
  await expect(page).toHaveURL(/#\/translate\/CO_FIWARE_align\/1\.0$/);
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');

  // An alignment dropped on the message: refused, named, nothing replaced, no screen change.
  await dropFiles(page, [{ name: 'CO_FIWARE.rdf', text: coFiware }], messagePanel);
  const alert = page.getByRole('alert', { name: 'Dropped files' });
  await expect(alert).toContainText(/“CO_FIWARE\.rdf” was not loaded: the message editor takes one message \(\.json, \.jsonld\)\./);
  await expect(messagePanel).toContainText(MESSAGE);
  await expect(page).toHaveURL(/#\/translate\//);
  await screenshot(page, testInfo, 'drop-refused-on-message');

  // A message dropped on the chain: refused as well.
  await dropFiles(page, [{ name: MESSAGE, text: message }], chain);
  await expect(alert).toContainText(/was not loaded: the chain takes alignments \(\.rdf, \.xml, \.owl\), added to the chain\./);
  await expect(chain.getByRole('listitem')).toHaveCount(1);
  await alert.getByRole('button', { name: 'Dismiss the notice about dropped files' }).click();
  await expect(alert).toHaveCount(0);
});

test('an alignment dropped on Suites or Channels is refused with a notice and the screen stays; on the alignment list it is uploaded', async ({
  page,
  api,
}) => {
  const coFiware = await readAlignment('CO_FIWARE.rdf');
  for (const [screen, title] of [
    ['suites', 'Test suites'],
    ['channels', 'Channels'],
  ] as const) {
    await page.goto(`./#/${screen}`);
    await dropFiles(page, [{ name: 'CO_FIWARE.rdf', text: coFiware }]);
    await expect(page.getByRole('alert', { name: 'Dropped files' })).toContainText(
      /“CO_FIWARE\.rdf” was not loaded: this screen takes no files: drop alignments on the Alignments list/,
    );
    await expect(page).toHaveURL(new RegExp(`#/${screen}$`));
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
  }
  expect(await storedAlignments(api)).toEqual([]);

  await page.goto('./#/alignments');
  const list = page.getByRole('region', { name: /^Alignments \(\d+\)/ });
  await dropFiles(
    page,
    [
      { name: 'notes.txt', text: 'not an alignment' },
      { name: 'CO_FIWARE.rdf', text: coFiware },
    ],
    list,
  );
  const alert = page.getByRole('alert', { name: 'Dropped files' });
  await expect(alert).toContainText('Uploaded “CO_FIWARE.rdf” (CO_FIWARE_align 1.0).');
  await expect(alert).toContainText('“notes.txt” was not loaded: the alignment list takes alignments (.rdf, .xml, .owl), uploaded.');
  expect(await storedAlignments(api)).toEqual(['CO_FIWARE_align 1.0']);
  await expect(page).toHaveURL(/#\/alignments$/);
});
