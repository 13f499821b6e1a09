/**
 * The renderer's API client against a client generated from the served OpenAPI document
 * (issue 14): openapi.generated.ts is what openapi-typescript makes of GET /swagger/json (kept up
 * to date by core/src/node/server/openapi-document.test.ts). Every client method's request and
 * answer types must be mutually assignable with the document's, so a generated client and this
 * one agree, and a shape changed in core's API module without the document (or the reverse) does
 * not compile. The checks are types; `tsc -b` (npm test's type-check) is what runs them.
 */
import { describe, expect, it } from 'vitest';
import type { MediatorApi } from './client.js';
import type { components, paths } from './openapi.generated.js';
import type { ErrorBody, MessageReply } from './types.js';

type Schemas = components['schemas'];
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;
type Result<K extends keyof MediatorApi> = Awaited<ReturnType<MediatorApi[K]>>;
type Arg<K extends keyof MediatorApi, I extends number> = Parameters<MediatorApi[K]>[I];
/** Both ways assignable, and neither side `any` or `never` (which would pass anything). */
type Same<A, B> = [A] extends [never]
  ? false
  : [B] extends [never]
    ? false
    : 0 extends 1 & A
      ? false
      : [A] extends [B]
        ? [B] extends [A]
          ? true
          : false
        : false;
type Assignable<A, B> = [A] extends [never] ? false : [A] extends [B] ? true : false;

const checks = {
  // The client lists with ?details=true: its answer is the documented details variant of the union.
  listAlignments: true satisfies Same<Result<'listAlignments'>, Schemas['AlignmentDetails'][]>,
  listAlignmentsDocumented: true satisfies Assignable<Result<'listAlignments'>, Answer<'/alignments', 'get', 200>>,
  getCompiledCells: true satisfies Same<Result<'getCompiledCells'>, Answer<'/alignments/{name}/{version}/cells', 'get', 200>>,
  getAlignmentView: true satisfies Same<Result<'getAlignmentView'>, Answer<'/alignments/{name}/{version}/view', 'get', 200>>,
  diffAlignments: true satisfies Same<Result<'diffAlignments'>, Answer<'/alignment-diff', 'get', 200>>,
  diffAlignmentsNotFound: true satisfies Same<Answer<'/alignment-diff', 'get', 404>, Schemas['Error']>,
  viewAlignmentText: true satisfies Same<Result<'viewAlignmentText'>, Answer<'/view', 'post', 200>>,
  translateRequest: true satisfies Same<Arg<'translate', 0>, Body<'/translation', 'post'>>,
  translateAnswer: true satisfies Same<Result<'translate'>, Answer<'/translation', 'post', 200>>,
  translateError: true satisfies Same<Answer<'/translation', 'post', 400>, Schemas['TranslationError']>,
  listChannels: true satisfies Same<Result<'listChannels'>, Schemas['ChannelDetails'][]>,
  listChannelsDocumented: true satisfies Assignable<Result<'listChannels'>, Answer<'/channels', 'get', 200>>,
  createChannelRequest: true satisfies Same<Arg<'createChannel', 0>, Body<'/channels', 'post'>>,
  createChannelAnswer: true satisfies Assignable<Answer<'/channels', 'post', 201>, Result<'createChannel'>>,
  platformChannelsRequest: true satisfies Same<Arg<'createPlatformChannels', 1>, Body<'/platforms/{platformId}/channels', 'post'>>,
  platformChannelsAnswer: true satisfies Same<Result<'createPlatformChannels'>, Answer<'/platforms/{platformId}/channels', 'post', 201>>,
  platformTopics: true satisfies Same<Result<'getPlatformTopics'>, Answer<'/platforms/{platformId}/topics', 'get', 200>>,
  readTopic: true satisfies Same<Result<'readTopic'>, Answer<'/topics/{topic}/messages', 'get', 200>>,
  publishMessage: true satisfies Same<Result<'publishMessage'>, Answer<'/topics/{topic}/messages', 'post', 202>>,
  getVersion: true satisfies Same<Result<'getVersion'>, Schemas['VersionDetails']>,
  getVersionDocumented: true satisfies Assignable<Result<'getVersion'>, Answer<'/version', 'get', 200>>,
  logLevel: true satisfies Same<Result<'getLogLevel'>, Answer<'/logging', 'get', 200>['level']>,
  apiSamples: true satisfies Same<Result<'listApiSamples'>, Answer<'/api-history/samples', 'get', 200>>,
  apiSample: true satisfies Same<Result<'getApiSample'>, Answer<'/api-history/samples/{version}', 'get', 200>>,
  apiDiffRequest: true satisfies Same<Arg<'diffApiDocuments', 0>, Body<'/api-history/diff', 'post'>>,
  apiDiffAnswer: true satisfies Same<Result<'diffApiDocuments'>, Answer<'/api-history/diff', 'post', 200>>,
  suggestRequest: true satisfies Same<Arg<'suggestAlignment', 0>, Body<'/suggestions', 'post'>>,
  suggestAnswer: true satisfies Same<Result<'suggestAlignment'>, Answer<'/suggestions', 'post', 200>>,
  errors: true satisfies Same<ErrorBody, Schemas['Error']>,
  messages: true satisfies Same<MessageReply, Schemas['MessageReply']>,
  // An XML route answers text, and its errors are the JSON error body.
  alignmentErrors: true satisfies Same<Answer<'/alignments/{name}/{version}', 'get', 400>, Schemas['Error']>,
};

describe('the API client and the generated OpenAPI client', () => {
  it('agree on every request and answer type (checked by tsc)', () => {
    expect(Object.values(checks).every((ok) => ok)).toBe(true);
  });
});
