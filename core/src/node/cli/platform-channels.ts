/** `mediator platform-channels`: a platform's two channels, created on a running server over its REST API. */
import { ErrorCodes, MediatorError, platformTopics } from '../../common/index.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/start-server.js';
import { cliEnvironment } from './env.js';
import { parseCommandArgs, UsageError, type CliIo } from './io.js';

export const PLATFORM_CHANNELS_USAGE = `  mediator platform-channels --platform ID [--server URL] [--token TOKEN] [--inp NAME@VERSION]
                [--out NAME@VERSION] [--ipsm] [--parallelism N] [--dry-run]
      Create a platform's downstream and upstream channels on a running server (topic names
      from the seed: mw-mediator-downstream-<id> ...); --dry-run only prints the topic names.
`;

function alignmentRef(value: string | undefined, flag: string): { name: string; version: string } {
  if (value === undefined || value === '') return { name: '', version: '' };
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) throw new UsageError(`${flag} takes NAME@VERSION, e.g. CO_FIWARE_align@1.0`);
  return { name: value.slice(0, at), version: value.slice(at + 1) };
}

export async function platformChannelsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      platform: { type: 'string' },
      server: { type: 'string' },
      token: { type: 'string' },
      inp: { type: 'string' },
      out: { type: 'string' },
      ipsm: { type: 'boolean' },
      parallelism: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError('platform-channels takes no positional arguments');
  const platform = values.platform;
  if (platform === undefined || platform === '') throw new UsageError('--platform ID is required');
  const spelling = values.ipsm === true ? 'ipsm' : 'mediator';
  const topics = platformTopics(platform, spelling);
  if (values['dry-run'] === true) {
    io.stdout(`${JSON.stringify(topics, null, 2)}\n`);
    return 0;
  }
  const inp = alignmentRef(values.inp, '--inp');
  const out = alignmentRef(values.out, '--out');
  const server = (values.server ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`).replace(/\/$/, '');
  const token = values.token || cliEnvironment().token;
  const body = {
    inpAlignmentName: inp.name,
    inpAlignmentVersion: inp.version,
    outAlignmentName: out.name,
    outAlignmentVersion: out.version,
    spelling,
    ...(values.parallelism === undefined ? {} : { parallelism: Number(values.parallelism) }),
  };
  let response: Response;
  try {
    response = await fetch(`${server}/platforms/${encodeURIComponent(platform)}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new MediatorError(`cannot reach the mediator at ${server}: ${(error as Error).message}`, ErrorCodes.serverUnreachable);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: show the text
    }
    throw new MediatorError(`the server refused (${response.status}): ${message}`, ErrorCodes.serverRefused);
  }
  io.stdout(`${text}\n`);
  return 0;
}
