export { wait } from '../../test-support/wait.js';
