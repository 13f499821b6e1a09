/**
 * jsonld.js, loaded on first use. It is the fallback and reference path of the codec (the fast
 * reader and writer handle the INTER-IoT message shape without it), and loading it cost a large
 * share of `mediator serve`'s start-up (issue 13, "Server start"): a server that never meets a
 * message the fast path declines never loads it.
 */

// jsonld.js is CommonJS: its exports are the module's default export.
const importJsonLd = () => import('jsonld').then((m) => m.default);

export type JsonLdLibrary = Awaited<ReturnType<typeof importJsonLd>>;

let loading: Promise<JsonLdLibrary> | undefined;

export function loadJsonLd(): Promise<JsonLdLibrary> {
  loading ??= importJsonLd();
  return loading;
}
