export * from '../common/index.js';
export { runCli } from './cli.js';
export { buildServer, DEFAULT_BODY_LIMIT, type MediatorServer, type ServerOptions } from './server/build-server.js';
export { startServer, type RunningServer, type StartOptions } from './server/start-server.js';
export { defaultDataDir } from './store/index.js';
export { VERSION } from './version.js';
export * from './transports/index.js';
export { readSuiteFolder, writeSuiteFolder } from './suites/suite-folder.js';
