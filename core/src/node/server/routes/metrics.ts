/** Tag "Monitoring": `GET /metrics` for Prometheus (issue 28; metrics.ts says what is exposed). */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { PROMETHEUS_CONTENT_TYPE } from '../metrics.js';
import { errorResponses, type ApiServer, type RouteDeps } from './route-support.js';

export const MONITORING_TAG = { name: 'Monitoring', description: 'Metrics for Prometheus and compatible scrapers' };

export function registerMetricsRoutes(app: ApiServer, { metrics }: RouteDeps): void {
  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'getMetrics',
        tags: [MONITORING_TAG.name],
        summary: 'Metrics in the Prometheus text format',
        description: [
          'The Prometheus text exposition format, version 0.0.4. Per channel (labels `channel`, the channel id, and `transport`, `embedded` `nats` `kafka` or `mqtt`, or `source->sink` such as `mqtt->nats` for a mixed route):',
          '`mediator_channel_messages_received_total`, `mediator_channel_messages_translated_total`, `mediator_channel_messages_failed_total` and',
          '`mediator_channel_messages_dead_lettered_total` (running channels; they start again at 0 when a channel restarts);',
          '`mediator_translation_duration_seconds`, a histogram of channel translation times. `mediator_http_request_duration_seconds`, a histogram by',
          '`method`, `route` (the route pattern, e.g. `/alignments/:name/:version`; `(unmatched)` for a path no route matches) and `status_code`.',
          '`mediator_broker_connected{transport}`: per transport the server runs, 1 when its broker answered a round trip during this scrape (at most 2 s), else 0.',
          '`mediator_store_connected{store}`: 1 while the configuration store is reachable. Plus the process metrics of prom-client',
          '(`process_cpu_seconds_total`, `process_resident_memory_bytes`, `nodejs_eventloop_lag_seconds`, `nodejs_heap_size_used_bytes`...).',
          'In token mode the scraper sends the bearer token like any client.',
        ].join(' '),
        response: {
          [Status.ok]: {
            description: 'Every metric with its HELP and TYPE lines, in the Prometheus text format 0.0.4',
            content: { 'text/plain': { schema: api.MetricsText } },
          },
          ...errorResponses([]),
        },
      },
    },
    async (_request, reply) => reply.type(PROMETHEUS_CONTENT_TYPE).send(await metrics.render()),
  );
}
