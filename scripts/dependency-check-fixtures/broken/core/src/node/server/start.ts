// Shipped code never imports test support.
export { wait } from '../../test-support/wait.js';
