/**
 * The REST API's one schema module (issue 14, STYLE.md): TypeBox schemas of every request and
 * response with their static types. The server's routes use them through the TypeBox type provider
 * and its OpenAPI document is generated from them; the services return these types; the renderer
 * imports the types (`import type`) from core's pure entry point. Pure: no Node, no fastify.
 */
import type { TSchema } from 'typebox';
import { AlignmentDetails, AlignmentInfo, CellsWithSparql, SteAlignmentInfo, UploadReply, ValidationReply } from './alignments.js';
import {
  ChannelConfig,
  ChannelCounters,
  ChannelCreated,
  ChannelDetails,
  ChannelInfo,
  SteChannelConfig,
  SteChannelInfo,
  PlatformChannelsReply,
  PlatformChannelsRequest,
  PlatformTopics,
  TopicMessage,
} from './channels.js';
import { AlignmentId, ErrorBody, MessageReply, Problem } from './common.js';
import { HealthResponse, LoggingResponse, TransportState, VersionDetails, VersionResponse } from './status.js';
import { ConfigStoreState } from './config-store.js';
import { CellFailure, TraceStep, TranslationError, TranslationPreviewRequest, TranslationRequest, TranslationResponse } from './translation.js';
import { AlignmentView } from './alignment-view.js';
import { AlignmentDiffReply } from './alignment-diff.js';
import { ApiChange, ApiDiff, ApiDiffRequest, ApiDocumentSource, ApiSample, ApiSampleDocument } from './api-history.js';
import { PayloadDiff, TripleOrigin } from './payload-diff.js';
import { PayloadGraphs } from './payload-graph.js';
import {
  BridgeProgress,
  BridgeProgressBody,
  CheckProblem,
  CopyCommandsReply,
  CopyCommandsRequest,
  LogCheckReply,
  LogCheckRequest,
  MiddlewareVersionReply,
  MiddlewareVersionRequest,
  PlatformChannelState,
  VersionCheckReply,
  VersionCheckRequest,
} from './bridges.js';
import {
  CaseResult,
  CellContribution,
  CellDifference,
  NewSuite,
  NewTestCase,
  StepCounts,
  StepDifference,
  Suite,
  SuiteFiles,
  SuiteInfo,
  SuiteRunReport,
  TestCase,
} from './suites.js';
import { SuggestionAnswer, SuggestionCandidate, SuggestionQuestion, SuggestionReply, SuggestionRequest } from './suggestions.js';
import { CellCoverage, CellRef, CoverageReport, CoverageRequest } from './coverage.js';

export * from './schema-support.js';
export * from './common.js';
export * from './alignments.js';
export * from './channels.js';
export * from './translation.js';
export * from './status.js';
export * from './config-store.js';
export * from './alignment-view.js';
export * from './payload-diff.js';
export * from './alignment-diff.js';
export * from './api-history.js';
export * from './payload-graph.js';
export * from './bridges.js';
export * from './suites.js';
export * from './coverage.js';
export * from './suggestions.js';

/**
 * The schemas with an `$id`: registered with the server once each, they are the OpenAPI
 * document's `components.schemas`, and every route points at them with `ref()`.
 */
export const API_COMPONENTS: readonly TSchema[] = [
  Problem,
  ErrorBody,
  MessageReply,
  AlignmentId,
  AlignmentInfo,
  AlignmentDetails,
  SteAlignmentInfo,
  UploadReply,
  ValidationReply,
  CellsWithSparql,
  AlignmentView,
  ChannelConfig,
  SteChannelConfig,
  ChannelCounters,
  ConfigStoreState,
  ChannelInfo,
  SteChannelInfo,
  ChannelDetails,
  ChannelCreated,
  PlatformTopics,
  PlatformChannelsRequest,
  PlatformChannelsReply,
  TopicMessage,
  TranslationRequest,
  TranslationPreviewRequest,
  CellFailure,
  TraceStep,
  TripleOrigin,
  PayloadDiff,
  PayloadGraphs,
  TranslationResponse,
  TranslationError,
  LoggingResponse,
  VersionResponse,
  TransportState,
  VersionDetails,
  HealthResponse,
  AlignmentDiffReply,
  ApiChange,
  ApiDiff,
  ApiSample,
  ApiSampleDocument,
  ApiDocumentSource,
  ApiDiffRequest,
  CheckProblem,
  VersionCheckRequest,
  VersionCheckReply,
  MiddlewareVersionRequest,
  MiddlewareVersionReply,
  CopyCommandsRequest,
  CopyCommandsReply,
  LogCheckRequest,
  LogCheckReply,
  PlatformChannelState,
  BridgeProgressBody,
  BridgeProgress,
  StepCounts,
  TestCase,
  NewTestCase,
  SuiteInfo,
  NewSuite,
  Suite,
  StepDifference,
  CellContribution,
  CellDifference,
  CaseResult,
  SuiteRunReport,
  SuiteFiles,
  CellCoverage,
  CellRef,
  CoverageReport,
  CoverageRequest,
  SuggestionAnswer,
  SuggestionRequest,
  SuggestionCandidate,
  SuggestionQuestion,
  SuggestionReply,
];
