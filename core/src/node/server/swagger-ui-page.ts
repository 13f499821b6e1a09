/**
 * Swagger UI at /swagger/ in token mode (README "Network mode"): the OpenAPI document stays behind
 * the token, like every API answer, so the page must take the token before it can read the
 * document. It does so through Swagger UI's own Authorize button: when `./json` answers 401, the
 * page first shows a stand-in document that declares only the bearer scheme; once the user
 * authorizes, the real document is downloaded with the token (a `requestInterceptor` adds the
 * header to this server's requests, the document's included). Without a token the page loads the
 * document at once, as before.
 *
 * The script is a static file of the page (theme script of @fastify/swagger-ui, loaded after the
 * plugin's own initializer, whose `window.onload` it replaces), so the strict UI CSP holds: script
 * from 'self' only, nothing inline. Nothing is kept in storage: the token lives in the page.
 */

/** The bearer scheme's name in the document (build-server.ts, components.securitySchemes). */
export const BEARER_SCHEME = 'bearerToken';

export const SWAGGER_TOKEN_SCRIPT_FILE = 'mediator-token.js';

/** Browser JavaScript (ES2017, as Swagger UI's bundle needs anyway); no imports, no globals but its own. */
const SCRIPT = `'use strict';
window.onload = function () {
  var scheme = ${JSON.stringify(BEARER_SCHEME)};
  var here = window.location.href.split('#', 1)[0];
  var base = here.endsWith('/') ? here : here + '/';
  var specUrl = new URL('./json', base).href;
  var origin = window.location.origin;
  var token = '';

  // Only this server's requests carry the token, never a request "Try it out" sends elsewhere.
  function withToken(request) {
    if (token !== '' && new URL(request.url, base).origin === origin) request.headers.Authorization = 'Bearer ' + token;
    return request;
  }

  // What the page shows before the token: only the bearer scheme, so Authorize is offered.
  var standIn = {
    openapi: '3.0.3',
    info: {
      title: 'Mediator Workbench REST API',
      version: 'token mode',
      description: 'This server needs its API token for every request, this document included. Press **Authorize**, give the token (mediator serve --token, or DATA/api-token): the API document loads then.',
    },
    paths: {},
    components: { securitySchemes: {} },
  };
  standIn.components.securitySchemes[scheme] = { type: 'http', scheme: 'bearer', description: "The server's API token" };

  function tokenThenDocument(system) {
    return {
      statePlugins: {
        auth: {
          wrapActions: {
            authorize: function (original) {
              return function (payload) {
                var result = original(payload);
                var entry = payload && payload[scheme];
                var value = entry && typeof entry.value === 'string' ? entry.value.trim() : '';
                if (value === '') return result;
                token = value;
                fetch(specUrl, { headers: { Authorization: 'Bearer ' + token }, credentials: 'same-origin' }).then(function (response) {
                  if (response.ok) {
                    system.specActions.updateUrl(specUrl);
                    system.specActions.download(specUrl);
                    return;
                  }
                  token = '';
                  system.authActions.logout([scheme]);
                  system.errActions.newAuthErr({ authId: scheme, level: 'error', source: 'auth', message: 'The server refused this token (' + response.status + ')' });
                });
                return result;
              };
            },
            logout: function (original) {
              return function (names) {
                token = '';
                return original(names);
              };
            },
          },
        },
      },
    };
  }

  function start(needsToken) {
    var config = {
      dom_id: '#swagger-ui',
      deepLinking: false,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      plugins: [SwaggerUIBundle.plugins.DownloadUrl, tokenThenDocument],
      layout: 'StandaloneLayout',
      validatorUrl: null,
      requestInterceptor: withToken,
    };
    if (needsToken) config.spec = standIn;
    else config.url = specUrl;
    window.ui = SwaggerUIBundle(config);
  }

  fetch(specUrl, { credentials: 'same-origin' }).then(
    function (response) {
      start(response.status === 401);
    },
    function () {
      start(false);
    },
  );
};
`;

/** The @fastify/swagger-ui options of /swagger/. */
export function swaggerUiOptions(): {
  routePrefix: string;
  uiConfig: { deepLinking: boolean };
  theme: { js: Array<{ filename: string; content: string }> };
} {
  return { routePrefix: '/swagger', uiConfig: { deepLinking: false }, theme: { js: [{ filename: SWAGGER_TOKEN_SCRIPT_FILE, content: SCRIPT }] } };
}
