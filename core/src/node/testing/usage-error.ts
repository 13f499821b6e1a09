/**
 * A usage error of a command in its own module. runCli already maps errors whose code starts with
 * ERR_PARSE_ARGS (node:util parseArgs's own) to exit 2 with the usage hint, so these carry such a
 * code rather than needing cli.ts's private UsageError class.
 */
export class CommandUsageError extends Error {
  readonly code = 'ERR_PARSE_ARGS_MEDIATOR_USAGE';
}
