// Preloaded into the soak's server (`node --import bench/soak-probe.mjs ...`): Node's own
// event-loop delay histogram and the resident set size, sampled inside the process, written as
// JSON to SOAK_PROBE_FILE every second and at exit, so the soak reads what the server lived
// through rather than what a client saw.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file !== undefined) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = 0;
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const write = () => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const stats = {
      rssMiB: Math.round(rss / 2 ** 20),
      peakRssMiB: Math.round(peakRss / 2 ** 20),
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) },
    };
    writeFileSync(file, JSON.stringify(stats));
  };
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
