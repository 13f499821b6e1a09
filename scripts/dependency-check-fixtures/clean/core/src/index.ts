export { plan, type Plan } from './common/alignment/plan.js';
