// Ending a script that prints a verdict: process.exit() drops whatever a slow pipe has not taken
// yet, and the verdict is the last thing written (issue 37: a stalled reader past 64 KiB lost the
// closing line). This waits until stdout and stderr have handed every queued write to the
// operating system, then exits, so a stray handle cannot keep the run alive either.

/** Sets the exit code, waits for both output streams to drain, then exits with it. */
export async function exitFlushed(code) {
  process.exitCode = code;
  const drained = (stream) => new Promise((resolveDrained) => stream.write('', () => resolveDrained()));
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}
