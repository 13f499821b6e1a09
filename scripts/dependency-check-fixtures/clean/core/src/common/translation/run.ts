import { plan } from '../alignment/plan.js';

export const run = plan;
