/**
 * The bodies of the status routes (GET /version, /health, /info): one place for what
 * routes/version.ts answers and what the early listener answers before Fastify is loaded
 * (early-listener.ts), so the two cannot drift. Loads no framework.
 */
import type { api } from '../../common/index.js';
import { VERSION } from '../version.js';

const NAME = 'mediator-workbench';

export const VERSION_BODY: api.VersionResponse = { name: NAME, version: VERSION };
export const HEALTH_BODY: api.HealthResponse = { info: `${NAME} is running`, value: true };
