/**
 * The Content-Security-Policies of what the server sends (issue 11), in one place: the server sets
 * them as headers (core/src/node/server/security-headers.ts) and the renderer's build writes the UI
 * policy into its page as a meta element (renderer/vite.config.ts), for hosting without our server.
 */

/** For API answers and stored documents: no script, no subresource, an opaque origin (CSP3 `sandbox`). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * For the workbench UI and Swagger UI. Scripts and workers from this origin only (Monaco starts
 * workers from blob: URLs and injects styles, hence blob: and 'unsafe-inline' for styles). connect-src
 * allows other http(s) servers because the workbench's server address is a setting.
 */
const UI_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['worker-src', "'self' blob:"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self' http: https:"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The UI policy. `meta`: for a `<meta http-equiv>` element, which cannot carry frame-ancestors
 * (CSP3 section 6.4.2; browsers ignore it there with a warning).
 */
export function uiContentSecurityPolicy(options: { readonly meta?: boolean } = {}): string {
  return UI_DIRECTIVES.filter(([name]) => options.meta !== true || name !== 'frame-ancestors')
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');
}

export const UI_CONTENT_SECURITY_POLICY = uiContentSecurityPolicy();
