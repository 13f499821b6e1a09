// Types from core's common entry point only.
import type { Plan } from '../../../core/src/index.js';

export const view: Plan = 'view';
