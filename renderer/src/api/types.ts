/**
 * DTOs of the mediator REST API (OpenAPI at /swagger/json). Plain data only: these objects cross
 * the wire and live in UI state as they are.
 */

export type Severity = 'error' | 'warning';

/** One validation problem (`problems` / `warnings` of a response). */
export interface Problem {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly cellId?: string;
}

/** Every non-2xx body: `{message, code, problems?}`, sometimes with a top-level line/column. */
export interface ErrorBody {
  readonly message: string;
  readonly code: string;
  readonly problems?: readonly Problem[];
  readonly line?: number;
  readonly column?: number;
  readonly channelIds?: readonly number[];
}

export interface AlignmentId {
  readonly name: string;
  readonly version: string;
}

export interface AlignmentInfo extends AlignmentId {
  readonly id: number;
  readonly descId: string;
  /** Upload time, epoch milliseconds. */
  readonly date: number;
  readonly sourceOntologyURI: string;
  readonly targetOntologyURI: string;
  readonly creator: string;
  readonly description: string;
  readonly cellCount: number;
  readonly stepCount: number;
}

/** What happened to one uploaded document (201 / 208 / 409 / 400 or another failure). */
export type UploadStatus = 'created' | 'exists' | 'conflict' | 'invalid' | 'failed';

export interface UploadResult {
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

export interface CompiledFunction {
  readonly name: string;
  readonly params?: readonly unknown[];
  readonly result?: string;
}

export interface CompiledCell {
  readonly id: string;
  readonly line?: number;
  readonly column?: number;
  readonly entity1?: string;
  readonly entity2?: string;
  readonly functions?: readonly CompiledFunction[];
  readonly sparql: string;
}

export interface CompiledCells {
  readonly name: string;
  readonly version: string;
  readonly cells: readonly CompiledCell[];
}

export interface TraceStep {
  readonly alignment: string;
  readonly version?: string;
  readonly step: number;
  readonly cellId: string;
  readonly triplesBefore: number;
  readonly triplesAfter: number;
  readonly deleted: number;
  readonly inserted: number;
  readonly solutions?: number;
  readonly ms: number;
  readonly error?: string;
  readonly notes?: readonly string[] | string;
}

export interface TranslationFailure {
  readonly alignment?: string;
  readonly cellId?: string;
  readonly message?: string;
  readonly [key: string]: unknown;
}

export interface TranslationRequest {
  readonly alignIDs: readonly AlignmentId[];
  readonly graphStr: string;
}

export interface TranslationReply {
  readonly message: string;
  readonly graphStr: string;
  readonly trace?: readonly TraceStep[];
  readonly failures?: readonly TranslationFailure[];
}

export interface ChannelCounters {
  readonly received: number;
  readonly translated: number;
  readonly failed: number;
  readonly deadLettered: number;
  readonly lastLatencyMs?: number | null;
  readonly meanLatencyMs?: number | null;
}

export interface ChannelInfo {
  readonly id: number;
  readonly descId: string;
  readonly uuid: string;
  readonly source: string;
  readonly sink: string;
  readonly inpAlignmentName: string;
  readonly inpAlignmentVersion: string;
  readonly outAlignmentName: string;
  readonly outAlignmentVersion: string;
  readonly consumerGroup?: string;
  readonly parallelism: number;
  readonly deadLetterTopic?: string;
  readonly status?: string;
  readonly createdAt?: number;
  readonly counters?: ChannelCounters;
}

/** POST /channels, 0.5 style (empty name and version = no alignment on that side). */
export interface ChannelConfig {
  readonly source: string;
  readonly sink: string;
  readonly inpAlignmentName: string;
  readonly inpAlignmentVersion: string;
  readonly outAlignmentName: string;
  readonly outAlignmentVersion: string;
  readonly parallelism: number;
}

export type TopicSpelling = 'mediator' | 'ipsm';

export interface PlatformChannelsRequest {
  readonly inpAlignmentName: string;
  readonly inpAlignmentVersion: string;
  readonly outAlignmentName: string;
  readonly outAlignmentVersion: string;
  readonly spelling: TopicSpelling;
  readonly parallelism: number;
}

export interface PlatformChannelsReply {
  readonly message: string;
  readonly downstream: ChannelInfo;
  readonly upstream: ChannelInfo;
}

export interface TopicPair {
  readonly source: string;
  readonly sink: string;
}

export interface PlatformTopicsReply {
  readonly downstream: TopicPair;
  readonly upstream: TopicPair;
}

export interface TopicMessage {
  readonly topic: string;
  readonly value: string;
  /** Epoch milliseconds. */
  readonly publishedAt: number;
}

export interface VersionInfo {
  readonly name: string;
  readonly version: string;
  readonly compatibleWith?: string;
}

export const LOG_LEVELS = ['ALL', 'TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'OFF'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface MessageReply {
  readonly message: string;
}
