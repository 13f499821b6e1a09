/**
 * Response headers that keep what the server sends from being used against its own origin
 * (issue 11): nothing is MIME-sniffed, nothing may frame the server, and only the workbench UI and
 * Swagger UI pages may run script. Every other response (JSON, a stored alignment document, an
 * error) gets a policy that forbids everything and sandboxes the document, so an alignment that
 * holds an XHTML `script` element cannot run it when opened in a browser. The policies: core/src/common/security.
 */
import { API_CONTENT_SECURITY_POLICY, UI_CONTENT_SECURITY_POLICY } from '../../common/index.js';

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
