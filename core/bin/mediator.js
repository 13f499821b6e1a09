#!/usr/bin/env node
// Launcher for the `mediator` bin. It exists in the repository (not only in dist/) so that
// `npm ci` links it into node_modules/.bin before the first build. It runs the start-up bundle
// (scripts/bundle-server.mjs, part of `npm run build`), as `npm start` does.
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../dist/bundle/cli.mjs');
const { runCli } = await import(pathToFileURL(cli).href);
const chunks = [];
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin: async () => {
    for await (const chunk of process.stdin) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  },
});
