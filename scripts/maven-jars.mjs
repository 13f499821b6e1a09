// The part of `npm run setup` that the Kafka and Jena set-ups share: a pom's runtime dependencies
// copied from Maven Central into a cache folder once, with the pom's text as the stamp.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs a command with its output in the log; exits the set-up with `hint` when it fails. */
export function runOrExit(label, hint, command, args) {
  console.log(`[${label}] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error !== undefined || result.status !== 0) {
    console.error(`[${label}] failed: ${command} ${args.join(' ')} (${result.error?.message ?? `exit ${result.status}`}).\n${hint}`);
    process.exit(1);
  }
}

/**
 * The pom's runtime jars in `cache`/libs; nothing is fetched when the stamp says they are that
 * pom's. Answers whether it fetched. Copied next to the cache and renamed into place, so an
 * interrupted fetch never looks complete.
 */
export function installJars({ label, hint, pom, cache }) {
  const libs = join(cache, 'libs');
  const stamp = join(cache, 'pom.installed');
  const wanted = readFileSync(pom, 'utf8');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && existsSync(libs)) {
    console.log(`[${label}] ${libs} is up to date`);
    return false;
  }
  mkdirSync(cache, { recursive: true });
  const partial = join(cache, 'libs.partial');
  rmSync(partial, { recursive: true, force: true });
  runOrExit(label, hint, 'mvn', ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${partial}`]);
  rmSync(libs, { recursive: true, force: true });
  renameSync(partial, libs);
  writeFileSync(stamp, wanted);
  console.log(`[${label}] jars installed in ${libs}`);
  return true;
}
