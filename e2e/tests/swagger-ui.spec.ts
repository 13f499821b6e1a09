/**
 * Swagger UI's "Try it out" in Chromium against a server on a port other than 8888 (issue "Drop-in
 * for the real clients", point 4): the document names no absolute server, so the page sends its
 * requests to the host and port it was loaded from. In token mode the page takes the token through
 * its Authorize button before it reads the document (core/src/node/server/swagger-ui-page.ts).
 */
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures/test.js';

/** Expands GET /version, presses "Try it out" then "Execute"; answers the request the page sent. */
async function tryGetVersion(page: Page, origin: string): Promise<{ status: number; authorization: string | undefined }> {
  await page.getByRole('button', { name: /^GET\s*\/version\b/ }).click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  const sent = page.waitForResponse((response) => response.url() === `${origin}/version` && response.request().method() === 'GET');
  await page.getByRole('button', { name: 'Execute' }).click();
  const response = await sent;
  // The page shows the answer: the request URL on this port and the body the server sent.
  await expect(page.getByText(`${origin}/version`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('"mediator-workbench"').first()).toBeVisible();
  return { status: response.status(), authorization: (await response.request().allHeaders())['authorization'] };
}

test('"Try it out" on GET /version answers 200 on the port the page came from', async ({ page, mediator }, testInfo) => {
  const port = new URL(mediator.url).port;
  expect(port, 'the e2e server listens on a free port, not the default 8888').not.toBe('8888');
  await page.goto(`${mediator.url}/swagger/`);
  const result = await tryGetVersion(page, mediator.url);
  expect(result.status).toBe(200);
  await expect(page.getByRole('cell', { name: '200' }).first()).toBeVisible();
  await screenshot(page, testInfo, 'swagger-try-it-out');
});

test.describe('token mode', () => {
  const token = 'e2e-swagger-token-41f9';
  test.use({ mediatorArgs: ['--token', token] });

  test('Swagger UI offers Authorize first, then loads the document with the token, and "Try it out" sends it', async ({ page, mediator }, testInfo) => {
    const documents: number[] = [];
    page.on('response', (response) => {
      if (response.url() === `${mediator.url}/swagger/json`) documents.push(response.status());
    });
    await page.goto(`${mediator.url}/swagger/`);
    // Without the token the document is refused; the page says what to do and offers Authorize.
    await expect(page.getByText(/Press Authorize/i)).toBeVisible();
    expect(documents).toEqual([401]);
    await expect(page.getByRole('button', { name: /^GET\s*\/version\b/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // Swagger UI's modal: its bearer field and buttons carry these accessible names.
    await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
    await page.getByRole('button', { name: 'Apply credentials' }).click();
    await page.getByRole('button', { name: 'Close' }).click();

    await expect(page.getByRole('button', { name: /^GET\s*\/version\b/ })).toBeVisible();
    expect(documents).toEqual([401, 200, 200]);
    const result = await tryGetVersion(page, mediator.url);
    expect(result).toEqual({ status: 200, authorization: `Bearer ${token}` });
    await screenshot(page, testInfo, 'swagger-token-mode');
  });

  test('a wrong token is refused in the Authorize modal and the document stays hidden', async ({ page, mediator }) => {
    await page.goto(`${mediator.url}/swagger/`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill('not-the-token');
    await page.getByRole('button', { name: 'Apply credentials' }).click();
    await expect(page.getByText(/refused this token \(401\)/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^GET\s*\/version\b/ })).toHaveCount(0);
  });
});
