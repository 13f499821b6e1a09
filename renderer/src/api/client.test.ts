import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpApi } from './client.js';

function reply(status: number, body: unknown, contentType = 'application/json') {
  // A 204 has no body at all (the Response constructor refuses one).
  const text = status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': contentType } });
}

/** A fetch that records the requests openapi-fetch hands it. */
function recording(answer: () => Response) {
  return vi.fn(async (_request: Request) => answer());
}

function sent(fetch: ReturnType<typeof recording>, index = 0): Request {
  const request = fetch.mock.calls[index]?.[0];
  if (request === undefined) throw new Error(`no request ${index}`);
  return request;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createHttpApi', () => {
  it('builds URL-encoded paths, relative to the page by default', async () => {
    vi.stubGlobal('location', { href: 'http://page.example/ui/index.html' });
    const fetch = recording(() => reply(204, ''));
    const api = createHttpApi({ baseUrl: '', fetch });
    await api.deleteAlignment({ name: 'a b/c', version: '1.0#x' });
    expect(sent(fetch).url).toBe('http://page.example/ui/alignments/a%20b%2Fc/1.0%23x');
    expect(sent(fetch).method).toBe('DELETE');
    const other = createHttpApi({ baseUrl: 'http://h:1/', fetch });
    await other.deleteChannel(3);
    expect(sent(fetch, 1).url).toBe('http://h:1/channels/3');
  });

  it.each([
    [201, { message: 'ok', warnings: [{ code: 'W', severity: 'warning', message: 'w', line: 3 }] }, 'created', 1],
    [208, { message: 'already' }, 'exists', 0],
    [409, { message: 'different content', code: 'CONFLICT' }, 'conflict', 0],
    [400, { message: 'bad', code: 'INVALID_ALIGNMENT', problems: [{ code: 'P', severity: 'error', message: 'p', line: 9, column: 2 }] }, 'invalid', 1],
    [400, { message: 'mismatched end tag', code: 'XML_MALFORMED', line: 86, column: 13 }, 'invalid', 1],
    [500, 'Internal <b>error</b>', 'failed', 0],
  ])('maps upload status %i to a result', async (status, body, expected, problems) => {
    const api = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(status, body) });
    const result = await api.uploadAlignment('<xml/>');
    expect(result.status).toBe(expected);
    expect(result.problems).toHaveLength(problems);
    if (status === 400 && problems === 1) expect(result.problems[0]?.line).toBeGreaterThan(0);
  });

  it('sends the token as a bearer Authorization header on every request, and none without one', async () => {
    const fetch = recording(() => reply(200, []));
    await createHttpApi({ baseUrl: 'http://h:1', token: ' t0ken ', fetch }).listAlignments();
    await createHttpApi({ baseUrl: 'http://h:1', token: 't0ken', fetch })
      .publishMessage('t', '{}')
      .catch(() => undefined);
    await createHttpApi({ baseUrl: 'http://h:1', fetch }).listChannels();
    const headers = fetch.mock.calls.map(([request]) => request.headers.get('authorization'));
    expect(headers).toEqual(['Bearer t0ken', 'Bearer t0ken', null]);
  });

  it('sends XML with its content type', async () => {
    const fetch = recording(() => reply(201, { message: 'valid', warnings: [] }));
    const api = createHttpApi({ baseUrl: 'http://h:1', fetch });
    expect(await api.validateAlignment('<x/>')).toEqual({ valid: true, message: 'valid', problems: [] });
    expect(sent(fetch).headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sent(fetch).text()).toBe('<x/>');
  });

  it('throws the server message as ApiError, and marks missing routes', async () => {
    const api = createHttpApi({
      baseUrl: 'http://h:1',
      fetch: async () => reply(404, { code: 'ROUTE_NOT_FOUND', message: 'The requested resource could not be found.' }),
    });
    const error = await api.readTopic('t', 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND', message: 'The requested resource could not be found.', notAvailable: true });
    // A record the server does not have is not a missing feature (the workbench's routes answer 404 for both).
    const missing = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(404, { code: 'NOT_FOUND', message: 'Suite "s" not found' }) });
    expect(await missing.getSuite('s').catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'NOT_FOUND', notAvailable: false });
  });

  it('reports a body that is not JSON with the status, invalid JSON in a 2xx, and network failures with status 0', async () => {
    const html = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(502, '<html>Bad gateway</html>', 'text/html') });
    await expect(html.listAlignments()).rejects.toMatchObject({ status: 502, message: expect.stringContaining('HTTP 502') });
    const garbled = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(200, '{not json') });
    await expect(garbled.listSuites()).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('invalid JSON') });
    const down = createHttpApi({ baseUrl: 'http://x', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(down.getVersion()).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: expect.stringContaining('Failed to fetch') });
  });

  it('asks for the trace and sends the translation request as JSON', async () => {
    const fetch = recording(() => reply(200, { message: 'ok', graphStr: '{}', trace: [] }));
    const api = createHttpApi({ baseUrl: 'http://h:1', fetch });
    await api.translate({ alignIDs: [{ name: 'a', version: '1' }], graphStr: '{}' });
    expect(sent(fetch).url).toBe('http://h:1/translation?trace=true');
    expect(JSON.parse(await sent(fetch).text())).toEqual({ alignIDs: [{ name: 'a', version: '1' }], graphStr: '{}' });
  });

  it('answers undefined for bridge progress that is not stored, and the record when it is', async () => {
    const none = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(404, { code: 'BRIDGE_NOT_FOUND', message: 'no progress' }) });
    expect(await none.getBridgeProgress('b')).toBeUndefined();
    const stored = createHttpApi({ baseUrl: 'http://h:1', fetch: async () => reply(200, { bridgeId: 'b', steps: {}, updatedAt: 'now' }) });
    expect(await stored.getBridgeProgress('b')).toMatchObject({ bridgeId: 'b' });
  });
});
