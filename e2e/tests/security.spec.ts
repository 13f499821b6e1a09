/**
 * Issue 11 in a real browser: a stored document cannot run script under the server's origin, the
 * UI cannot be framed by another page, and the workbench works against a server in token mode.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';
import { alignmentsDir } from '../fixtures/paths.js';

/** CO_FIWARE with an XHTML script element: XML documents run those when a browser renders them. */
async function alignmentWithScript(): Promise<string> {
  const text = await readFile(join(alignmentsDir, 'CO_FIWARE.rdf'), 'utf8');
  return text
    .replace('<dcelem:title>CO_FIWARE_align</dcelem:title>', '<dcelem:title>script_align</dcelem:title>')
    .replace(
      '<align:Alignment>',
      '<html:script xmlns:html="http://www.w3.org/1999/xhtml">document.documentElement.setAttribute("data-ran", "yes"); fetch("/logging/off", { method: "POST" });</html:script>\n    <align:Alignment>',
    );
}

test('a stored alignment holding a script element cannot run it when opened in the browser', async ({ page, api, mediator }) => {
  const xml = await alignmentWithScript();
  await uploadAlignment(api, xml);
  const url = `${mediator.url}/alignments/script_align/1.0`;

  // Control: the very same bytes served without our headers do run (Chromium executes XHTML script
  // elements in XML documents), so the check below can fail.
  const control = `${mediator.url}/control-without-headers.xml`;
  await page.route(control, (route) => route.fulfill({ status: 200, contentType: 'application/xml', body: xml }));
  await page.goto(control);
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBe('yes');
  // Its fetch is sent after the attribute is set: wait until it switched logging off, or it could
  // land after the reset below (it did once, on a loaded machine) and fail the last check.
  await expect.poll(async () => ((await (await api.get('logging')).json()) as { level: string }).level).toBe('OFF');
  await page.unroute(control);
  // Set it back so that the real check can see a change.
  await api.post('logging/warn');

  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain('sandbox');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // The document is shown (the XML is there) but its script never ran.
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toContain('script_align');
  // An inline script runs while the document is parsed, before the load event that goto waited for.
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
  expect(await (await api.get('logging')).json()).toMatchObject({ level: 'WARN' });
});

test('another page cannot frame the workbench', async ({ page, mediator }) => {
  // A page of another origin (served by Playwright) framing a control page, then the workbench.
  const framer = 'http://framer.test/';
  const control = `${mediator.url}/control-frame.html`;
  await page.route(control, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<div id="root">control</div>' }));
  const framed = (src: string) => `<iframe id="f" src="${src}" width="400" height="300"></iframe>`;
  let body = framed(control);
  await page.route(framer, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
  const child = () => page.frames().find((f) => f !== page.mainFrame());

  // Control: a page without our headers is framed and shows its content, so the check can fail.
  await page.goto(framer);
  await expect.poll(() => child()?.url()).toBe(control);
  await expect.poll(() => child()?.locator('#root').count()).toBe(1);

  // The workbench (frame-ancestors 'none', X-Frame-Options DENY): Chromium shows its error page instead.
  body = framed(`${mediator.url}/`);
  await page.goto(framer);
  await expect.poll(() => child()?.url()).toMatch(/^chrome-error:/);
  expect(await child()?.locator('#root').count()).toBe(0);
});

test.describe('token mode', () => {
  const token = 'e2e-token-7c1d-3f9a2b';
  test.use({ mediatorArgs: ['--token', token] });

  test('the workbench asks for the token, then works against the server', async ({ page, mediator }, testInfo) => {
    await page.goto('./');
    await expect(page.getByTestId('connection-state')).toHaveText(/Token needed/);
    await expect(page.getByTestId('connection-state')).toContainText('bearer token');
    await screenshot(page, testInfo, 'token-needed');

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('API token').fill(token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);

    await page.getByLabel('Alignment XML').fill(await readAlignment('CO_FIWARE.rdf'));
    await page.getByRole('button', { name: 'Upload pasted XML' }).click();
    await expect(page.getByRole('table', { name: 'Alignments' }).getByRole('row', { name: /CO_FIWARE_align/ })).toBeVisible();

    // The upload really landed, and only a client with the token can see it.
    const withToken = await request.newContext({ baseURL: `${mediator.url}/`, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    const without = await request.newContext({ baseURL: `${mediator.url}/` });
    try {
      expect((await (await withToken.get('alignments')).json()) as Array<{ name: string }>).toEqual([expect.objectContaining({ name: 'CO_FIWARE_align' })]);
      expect((await without.get('alignments')).status()).toBe(401);
    } finally {
      await withToken.dispose();
      await without.dispose();
    }
    // The token survives a reload (remembered with the server address).
    await page.reload();
    await expect(page.getByTestId('connection-state')).toHaveText(/Connected/);
    await screenshot(page, testInfo, 'token-connected');
  });
});
