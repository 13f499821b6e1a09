#!/usr/bin/env node
// Part of `npm run setup`: a Python virtual environment (.venv-fuzz) with the pinned schemathesis
// (scripts/fuzz-requirements.txt) that `npm test` runs against the served OpenAPI document
// (scripts/fuzz-api.mjs). Does nothing when the environment already holds those pins. Needs
// python3 with venv (Debian: apt-get install python3-venv; .ci/run installs it) and PyPI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const venv = join(root, '.venv-fuzz');
const requirements = join(root, 'scripts', 'fuzz-requirements.txt');
const stamp = join(venv, 'requirements.installed');
const wanted = readFileSync(requirements, 'utf8');

function run(command, args) {
  console.log(`[setup-fuzz] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error !== undefined || result.status !== 0) {
    console.error(
      `[setup-fuzz] failed: ${command} ${args.join(' ')} (${result.error?.message ?? `exit ${result.status}`}).\n` +
        'The API fuzz suite of npm test needs python3 with venv (Debian: apt-get install python3-venv) and PyPI.',
    );
    process.exit(1);
  }
}

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && existsSync(join(venv, 'bin', 'st'))) {
  console.log('[setup-fuzz] .venv-fuzz is up to date');
} else {
  run('python3', ['-m', 'venv', venv]);
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', requirements]);
  writeFileSync(stamp, wanted);
  console.log('[setup-fuzz] schemathesis installed in .venv-fuzz');
}
