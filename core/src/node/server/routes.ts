/**
 * Every operation of the seed (section 4) plus /validate and the workbench's own, registered per
 * OpenAPI tag (issue 14): one file per tag under routes/, thin handlers over the services. The
 * schemas are core's API module (common/api); statuses come from http-errors.ts.
 */
import { ALIGNMENTS_TAG, registerAlignmentRoutes, registerAlignmentViewRoutes } from './routes/alignments.js';
import { registerAlignmentDiffRoutes } from './routes/alignment-diff.js';
import { API_HISTORY_TAG, registerApiHistoryRoutes } from './routes/api-history.js';
import { BRIDGES_TAG, registerBridgeRoutes } from './routes/bridges.js';
import { CHANNELS_TAG, registerChannelRoutes } from './routes/channels.js';
import { CONVERSION_TAG, registerConversionRoutes } from './routes/conversion.js';
import { LOGGING_TAG, registerLoggingRoutes } from './routes/logging.js';
import { PLATFORMS_TAG, registerPlatformRoutes } from './routes/platforms.js';
import { registerTopicRoutes, TOPICS_TAG } from './routes/topics.js';
import { registerTranslationPreviewRoute, registerTranslationRoutes, TRANSLATION_TAG } from './routes/translation.js';
import { registerVersionRoutes, VERSION_TAG } from './routes/version.js';
import { registerSuiteRoutes, SUITES_TAG } from './routes/suites.js';
import { COVERAGE_TAG, registerCoverageRoutes } from './routes/coverage.js';
import { registerSuccessorRoutes, SUCCESSOR_TAG } from './routes/successor.js';
import { registerSuggestionRoutes, SUGGESTIONS_TAG } from './routes/suggestions.js';
import { MONITORING_TAG, registerMetricsRoutes } from './routes/metrics.js';
import type { ApiServer, RouteDeps } from './routes/route-support.js';

export type { ApiServer, RouteDeps } from './routes/route-support.js';

/** The OpenAPI tags, in the order the document lists them, each with its description. */
export const API_TAGS: ReadonlyArray<{ readonly name: string; readonly description: string }> = [
  ALIGNMENTS_TAG,
  CONVERSION_TAG,
  CHANNELS_TAG,
  PLATFORMS_TAG,
  TOPICS_TAG,
  TRANSLATION_TAG,
  SUITES_TAG,
  COVERAGE_TAG,
  SUGGESTIONS_TAG,
  LOGGING_TAG,
  VERSION_TAG,
  MONITORING_TAG,
  API_HISTORY_TAG,
  BRIDGES_TAG,
  SUCCESSOR_TAG,
];

export async function registerRoutes(app: ApiServer, deps: RouteDeps): Promise<void> {
  registerAlignmentRoutes(app, deps);
  registerAlignmentViewRoutes(app, deps);
  registerAlignmentDiffRoutes(app, deps);
  registerConversionRoutes(app);
  registerChannelRoutes(app, deps);
  registerPlatformRoutes(app, deps);
  await registerTopicRoutes(app, deps);
  registerTranslationRoutes(app, deps);
  registerTranslationPreviewRoute(app, deps);
  registerSuiteRoutes(app, deps);
  registerCoverageRoutes(app, deps);
  registerSuggestionRoutes(app, deps);
  registerLoggingRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerApiHistoryRoutes(app);
  registerBridgeRoutes(app, deps);
  await registerSuccessorRoutes(app, deps);
}
