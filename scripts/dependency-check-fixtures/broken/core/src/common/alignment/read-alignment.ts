// alignment -> translation while translation -> alignment: a folder cycle without a file cycle.
export { run } from '../translation/run.js';
