export * from '../common/index.js';
export { runCli } from './cli.js';
