/**
 * The DTOs of the mediator REST API (OpenAPI at /swagger/json) are core's: declared once in its
 * API module (core/src/common/api, TypeBox schemas the server validates and documents with) and
 * imported here as types only, from core's pure entry point (issue 14). This file names them for
 * the renderer and declares only what the renderer itself adds: how it reports an upload or a
 * validation, and the log levels it offers.
 */
import type { api } from '@mediator/core';

export type Problem = api.Problem;
export type Severity = api.Problem['severity'];
export type ErrorBody = api.ErrorBody;
export type AlignmentId = api.AlignmentId;
// The workbench lists with ?details=true (CONTRACT.md "REST API"): the reference's keys plus ours.
export type AlignmentInfo = api.AlignmentDetails;
export type CellsWithSparql = api.CellsWithSparql;
export type CellWithSparql = api.CellWithSparql;
export type CompiledFunction = api.CellFunction;
export type TraceStep = api.TraceStep;
export type TranslationFailure = api.CellFailure;
export type TranslationRequest = api.TranslationRequest;
export type TranslationReply = api.TranslationResponse;
export type ChannelCounters = api.ChannelCounters;
export type ChannelInfo = api.ChannelDetails;
export type ChannelConfig = api.ChannelConfig;
export type TopicSpelling = api.TopicSpelling;
export type PlatformChannelsRequest = api.PlatformChannelsRequest;
export type PlatformChannelsReply = api.PlatformChannelsReply;
export type TopicPair = api.TopicPair;
export type PlatformTopicsReply = api.PlatformTopics;
export type TopicMessage = api.TopicMessage;
export type VersionInfo = api.VersionDetails;
/** A transport channels may use, with its chanType letter (GET /version?details=true). */
export type TransportState = api.TransportState;
export type MessageReply = api.MessageReply;
export type ChannelCreated = api.ChannelCreated;
export type AlignmentView = api.AlignmentView;
export type ViewCell = api.ViewCell;
export type PayloadDiff = api.PayloadDiff;
export type DiffTriple = api.DiffTriple;
export type AlignmentDiffReply = api.AlignmentDiffReply;
export type CellTexts = api.CellTexts;
export type ApiSample = api.ApiSample;
export type ApiSampleDocument = api.ApiSampleDocument;
export type ApiDiff = api.ApiDiff;
export type ApiChange = api.ApiChange;
export type ApiDiffRequest = api.ApiDiffRequest;
export type ApiDocumentSource = api.ApiDocumentSource;
export type TripleOrigin = api.TripleOrigin;
export type PayloadGraphs = api.PayloadGraphs;
export type GraphTerm = api.GraphTerm;
export type GraphTriple = api.GraphTriple;
export type TestCase = api.TestCase;
export type NewTestCase = api.NewTestCase;
export type SuiteInfo = api.SuiteInfo;
export type Suite = api.Suite;
/** One file of a suite folder (GET /suites/{suite}/files). */
export type SuiteFolderFile = api.SuiteFiles['files'][number];
export type CaseResult = api.CaseResult;
export type CellDifference = api.CellDifference;
export type CellContribution = api.CellContribution;
export type StepCounts = api.StepCounts;
export type CoverageReport = api.CoverageReport;
export type SuggestionRequest = api.SuggestionRequest;
export type SuggestionReply = api.SuggestionReply;
export type SuggestionQuestion = api.SuggestionQuestion;
export type SuggestionCandidate = api.SuggestionCandidate;
export type SuggestionAnswer = api.SuggestionAnswer;
export type CellCoverage = api.CellCoverage;
/** Which versions a suite run uses: the newest stored of each name, or the recorded ones. */
export type RunVersions = 'latest' | 'recorded';

/** What happened to one uploaded document (201 / 208 / 409 / 400 or another failure). */
export type UploadStatus = 'created' | 'exists' | 'conflict' | 'invalid' | 'failed';

export interface UploadOutcome {
  readonly status: UploadStatus;
  readonly message: string;
  /** Errors (invalid) or warnings (created / exists). */
  readonly problems: readonly Problem[];
  readonly id?: number;
}

export interface ValidationResult {
  readonly valid: boolean;
  readonly message: string;
  readonly problems: readonly Problem[];
}

/** The levels POST /logging/{level} takes (core's LOG_LEVEL_NAMES; a value, so listed here). */
export const LOG_LEVELS = ['ALL', 'TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'OFF'] as const satisfies readonly api.LogLevelName[];
export type LogLevel = api.LogLevelName;
