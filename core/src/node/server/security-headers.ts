/**
 * Response headers that keep what the server sends from being used against its own origin
 * (issue 11): nothing is MIME-sniffed, nothing may frame the server, and only the workbench UI and
 * Swagger UI pages may run script. Every other response (JSON, a stored alignment document, an
 * error) gets a policy that forbids everything and sandboxes the document, so an alignment that
 * holds an XHTML `script` element cannot run it when opened in a browser.
 */

/** For API answers and stored documents: no script, no subresource, an opaque origin (CSP3 `sandbox`). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * For the workbench UI and Swagger UI. Scripts and workers from this origin only (Monaco starts
 * workers from blob: URLs and injects styles, hence blob: and 'unsafe-inline' for styles). connect-src
 * allows other http(s) servers because the workbench's server address is a setting. The renderer's
 * own meta policy (renderer/vite.config.ts) applies too: browsers enforce both.
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(kind: 'ui' | 'api'): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'content-security-policy': kind === 'ui' ? UI_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY,
    // For browsers without CSP frame-ancestors.
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    // No other site may load a response as an image or script (no-cors); CORS reads by --cors
    // origins are not affected (Fetch, CORP check applies to no-cors requests only).
    'cross-origin-resource-policy': 'same-origin',
  };
}
