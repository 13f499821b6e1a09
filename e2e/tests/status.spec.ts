import { expect, screenshot, test } from '../fixtures/test.js';

test('the status bar shows the server, its version and logging level; settings change the level', async ({ page, api, mediator }, testInfo) => {
  await page.goto('./');
  await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
  await expect(page.getByTestId('server-version')).toContainText('mediator-workbench');
  await expect(page.getByTestId('server-address')).toContainText(mediator.url);
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('Logging: WARN');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Logging level')).toHaveValue('WARN');
  await dialog.getByLabel('Logging level').selectOption('DEBUG');
  await dialog.getByRole('button', { name: 'Apply level' }).click();
  await expect(dialog.getByTestId('log-level-status')).toHaveText('Logging level set to DEBUG');
  expect(await (await api.get('logging')).json()).toMatchObject({ level: 'DEBUG' });
  await screenshot(page, testInfo, 'settings-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('Logging: DEBUG');
});

test('when the server goes away the UI says so and keeps what was typed', async ({ page, mediator }) => {
  await page.goto('./');
  await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
  await mediator.stop();
  await expect(page.getByTestId('connection-state')).toHaveText(/Disconnected/, { timeout: 15_000 });
  const box = page.getByLabel('Alignment XML');
  await box.fill('<rdf:RDF/>');
  await page.getByRole('button', { name: 'Upload pasted XML' }).click();
  await expect(page.getByTestId('paste-status')).toContainText('Cannot reach the mediator');
  await expect(box).toHaveValue('<rdf:RDF/>');
});
