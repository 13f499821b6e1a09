/**
 * The Content-Security-Policy every response in the app's session carries (CSP Level 3, W3C),
 * added in `session.webRequest.onHeadersReceived` so it holds whatever the server sends.
 *
 * - No 'unsafe-eval' and no inline scripts: script-src is 'self' only.
 * - worker-src allows blob: because Monaco starts its language workers from blob URLs.
 * - style-src allows 'unsafe-inline' because Monaco injects <style> elements at run time.
 * - connect-src 'self': the renderer speaks only to the server that served it (relative URLs).
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export function contentSecurityPolicy(directives: Readonly<Record<string, readonly string[]>> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Parses a policy back into directives (for tests and diagnostics). */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

export const CSP_HEADER = 'Content-Security-Policy';

/**
 * Response headers with our policy added. A policy the server sent is kept beside ours: the browser
 * enforces every policy it receives (CSP3 section 8.1), so adding can only tighten, never loosen.
 */
export function withContentSecurityPolicy(
  headers: Readonly<Record<string, readonly string[]>> | undefined,
  policy: string = contentSecurityPolicy(),
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(headers ?? {})) result[name] = [...values];
  const existing = Object.keys(result).find((name) => name.toLowerCase() === CSP_HEADER.toLowerCase()) ?? CSP_HEADER;
  result[existing] = [...(result[existing] ?? []), policy];
  return result;
}
