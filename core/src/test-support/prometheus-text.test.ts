import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';

const VALID = `# HELP requests_total Requests, with a \\\\ and a \\n in the help
# TYPE requests_total counter
requests_total{route="/a",method="GET"} 3
requests_total{route="/b\\"q\\"",method="GET",} 1 1700000000000
# a comment
# TYPE latency_seconds histogram
latency_seconds_bucket{le="0.1"} 1
latency_seconds_bucket{le="1"} 2
latency_seconds_bucket{le="+Inf"} 3
latency_seconds_sum 4.5
latency_seconds_count 3
# TYPE up gauge
up NaN
# TYPE lag gauge
lag Nan
`;

describe('parsePrometheusText (strict Prometheus text format 0.0.4)', () => {
  it('reads families, types, help, escaped labels, values and timestamps', () => {
    const families = parsePrometheusText(VALID);
    expect([...families.keys()]).toEqual(['requests_total', 'latency_seconds', 'up', 'lag']);
    expect(families.get('requests_total')).toMatchObject({ type: 'counter', help: 'Requests, with a \\ and a \n in the help' });
    expect(sampleValue(families, 'requests_total', { route: '/b"q"' })).toBe(1);
    expect(families.get('requests_total')?.samples[1]?.timestamp).toBe(1_700_000_000_000);
    expect(sampleValue(families, 'latency_seconds_count')).toBe(3);
    expect(sampleValue(families, 'up')).toBeNaN();
    // prom-client writes "Nan", which Go's ParseFloat (the format's reference) reads.
    expect(sampleValue(families, 'lag')).toBeNaN();
    expect(sampleValue(families, 'missing')).toBeUndefined();
  });

  it.each([
    ['no final newline', 'up 1', /end with a newline/],
    ['a bad metric name', '9up 1\n', /metric name expected/],
    ['a bad value', 'up one\n', /not a sample value/],
    ['an unclosed label', 'up{a="1} 1\n', /not closed/],
    ['an unknown escape', 'up{a="\\t"} 1\n', /unknown escape/],
    ['a label given twice', 'up{a="1",a="2"} 1\n', /given twice/],
    ['a second TYPE', '# TYPE up gauge\n# TYPE up gauge\nup 1\n', /second TYPE/],
    ['TYPE after samples', 'up 1\n# TYPE up gauge\n', /after its samples/],
    ['an unknown type', '# TYPE up meter\nup 1\n', /not a metric type/],
    ['a series twice', 'up 1\nup 2\n', /given twice/],
    ['samples not contiguous', 'a 1\nb 1\na{x="1"} 1\n', /not contiguous/],
    ['a negative counter', '# TYPE c counter\nc -1\n', /counter c is -1/],
    ['a bucket without le', '# TYPE h histogram\nh_bucket 1\nh_count 1\n', /without le/],
    ['buckets not cumulative', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n', /not cumulative/],
    ['no +Inf bucket', '# TYPE h histogram\nh_bucket{le="1"} 1\nh_count 1\n', /\+Inf/],
    ['a count unlike +Inf', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_count 1\n', /differs/],
  ])('refuses %s', (_what, text, error) => {
    expect(() => parsePrometheusText(text)).toThrow(error);
  });
});
