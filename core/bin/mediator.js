#!/usr/bin/env node
// Launcher for the `mediator` bin. It exists in the repository (not only in dist/) so that
// `npm ci` links it into node_modules/.bin before the first build. It runs the start-up bundle
// (scripts/bundle-server.mjs, part of `npm run build`), as `npm start` does.
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A reader that stops early (`mediator test suite | head`) closes the pipe: what is left of the
// output has nowhere to go, and that is not the command's failure. Unhandled, the write's EPIPE
// ended the process with a stack trace and exit code 1; here the rest of that stream is dropped
// and the command ends with its own exit code.
const closed = new Set();
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    closed.add(stream);
  });
}
const write = (stream, text) => {
  if (!closed.has(stream)) stream.write(text);
};

const cli = join(dirname(fileURLToPath(import.meta.url)), '../dist/bundle/cli.mjs');
const { runCli } = await import(pathToFileURL(cli).href);
const chunks = [];
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (t) => write(process.stdout, t),
  stderr: (t) => write(process.stderr, t),
  stderrIsTerminal: process.stderr.isTTY === true,
  readStdin: async () => {
    for await (const chunk of process.stdin) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  },
});
