import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkStartupLog, type LogCheckResult } from './index.js';

const SAMPLES = fileURLToPath(new URL('../../../../samples/bridge/', import.meta.url));
const EXAMPLE = 'eu.interiot.intermw.example.bridge.ExampleBridge';
const EXAMPLE_TYPE = 'http://example.com/ExamplePlatform';
const FIWARE = 'org.example.bridge.FiwareBridge';
const FIWARE_TYPE = 'http://inter-iot.eu/FIWARE';

/** Log4j's console pattern of the shipped log4j2.xml: `HH:mm:ss.SSS [thread] LEVEL location - message`. */
const at = (n: number, msg: string, thread = 'localhost-startStop-1', level = 'DEBUG') =>
  `10:41:${String(10 + n).padStart(2, '0')}.${String(100 + n)} [${thread}] ${level.padEnd(5)} eu.interiot.intermw.bridge.BridgeContext.registerBridges(BridgeContext.java:${189 + n}) - ${msg}`;
const registered = (cls: string, type: string) => `Bridge ${cls} for platform type ${type} has been registered.`;

interface Row {
  readonly name: string;
  readonly log: string;
  readonly expect: readonly string[];
  readonly result: Omit<LogCheckResult, 'problems'>;
  /** [line, message pattern] of each problem, in order. */
  readonly problems: ReadonlyArray<readonly [number | undefined, RegExp]>;
}

const ALL = [
  at(0, 'Registering bridges...'),
  at(1, registered(EXAMPLE, EXAMPLE_TYPE)),
  at(2, registered(FIWARE, FIWARE_TYPE)),
  at(3, 'Bridge registration has finished successfully.'),
];

/** What ALL reads as: both bridges registered (lines 2 and 3) and the registration finished. */
const ALL_REGISTERED: Row['result'] = {
  started: true,
  bridges: [
    { class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 2 },
    { class: FIWARE, platformType: FIWARE_TYPE, line: 3 },
  ],
  finished: true,
  missing: [],
};

const ROWS: readonly Row[] = [
  {
    name: 'every bridge registered',
    log: ALL.join('\n'),
    expect: [EXAMPLE_TYPE, FIWARE_TYPE],
    result: ALL_REGISTERED,
    problems: [],
  },
  {
    name: 'one expected platform type missing',
    log: [ALL[0], ALL[1], ALL[3]].join('\n'),
    expect: [EXAMPLE_TYPE, FIWARE_TYPE],
    result: { started: true, bridges: [{ class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 2 }], finished: true, missing: [FIWARE_TYPE] },
    problems: [],
  },
  {
    name: 'no success line',
    log: [
      ALL[0],
      ALL[1],
      at(4, 'Failed to initialize Bridge context: java.lang.NoClassDefFoundError: okhttp3/OkHttpClient', 'localhost-startStop-1', 'ERROR'),
    ].join('\n'),
    expect: [EXAMPLE_TYPE],
    result: { started: true, bridges: [{ class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 2 }], finished: false, missing: [] },
    problems: [
      [3, /failed to initialise: java\.lang\.NoClassDefFoundError: okhttp3\/OkHttpClient/],
      [2, /registration did not finish/],
    ],
  },
  {
    name: 'Windows line endings',
    log: `${ALL.join('\r\n')}\r\n`,
    expect: [FIWARE_TYPE],
    result: ALL_REGISTERED,
    problems: [],
  },
  {
    name: 'file appender format, other threads interleaved, colours, a stack trace',
    log: [
      '2018-10-12 10:41:57.402 [localhost-startStop-1] DEBUG e.i.intermw.api.rest.InterMWInitializer - InterMW is initializing...',
      '2018-10-12 10:41:58.120 [localhost-startStop-1] DEBUG e.i.intermw.bridge.BridgeContext - Registering bridges...',
      '2018-10-12 10:41:58.524 [pool-2-thread-1] INFO  o.a.kafka.common.utils.AppInfoParser - Kafka version : 0.10.2.1',
      `2018-10-12 10:41:58.530 [localhost-startStop-1] DEBUG e.i.intermw.bridge.BridgeContext - Following bridges have been found: [class ${EXAMPLE}, class ${FIWARE}]`,
      '\u001b[32m2018-10-12 10:41:58.531 [Thread-4] WARN  spark.Spark - Something on another thread\u001b[0m',
      '\tat spark.Service.init(Service.java:123)',
      `2018-10-12 10:41:58.533 [localhost-startStop-1] DEBUG e.i.intermw.bridge.BridgeContext - \u001b[36m${registered(EXAMPLE, EXAMPLE_TYPE)}\u001b[0m`,
      '2018-10-12 10:41:58.534 [localhost-startStop-1] DEBUG e.i.intermw.bridge.BridgeContext - Bridge registration has finished successfully.',
    ].join('\n'),
    expect: [EXAMPLE_TYPE, FIWARE_TYPE],
    result: { started: true, bridges: [{ class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 7 }], finished: true, missing: [FIWARE_TYPE] },
    problems: [[4, new RegExp(`Bridge ${FIWARE.replace(/\./g, '\\.')} was found but not registered`)]],
  },
  {
    name: 'a restart appended to the log: the last start-up counts',
    log: [...ALL, at(5, 'InterMW is initializing...'), ALL[0], ALL[1], ALL[3]].join('\n'),
    expect: [FIWARE_TYPE],
    result: { started: true, bridges: [{ class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 7 }], finished: true, missing: [FIWARE_TYPE] },
    problems: [],
  },
  {
    name: 'the same platform type registered twice',
    log: [ALL[0], ALL[1], at(2, registered(FIWARE, EXAMPLE_TYPE)), ALL[3]].join('\n'),
    expect: [],
    // As ALL, but the second bridge claims the first one's platform type.
    result: { ...ALL_REGISTERED, bridges: [ALL_REGISTERED.bridges[0]!, { class: FIWARE, platformType: EXAMPLE_TYPE, line: 3 }] },
    problems: [[3, /registered twice \(also by .*ExampleBridge on line 2\)/]],
  },
  {
    name: 'not a start-up log',
    log: 'hello\nworld\n',
    expect: [EXAMPLE_TYPE],
    result: { started: false, bridges: [], finished: false, missing: [EXAMPLE_TYPE] },
    problems: [[undefined, /No "Registering bridges\.\.\." line/]],
  },
  {
    name: 'registration started, no bridge found',
    log: [ALL[0], at(1, 'Following bridges have been found: []'), ALL[3]].join('\r'),
    expect: [],
    result: { started: true, bridges: [], finished: true, missing: [] },
    problems: [[1, /No bridge was registered/]],
  },
];

describe('checkStartupLog', () => {
  it.each(ROWS)('$name', ({ log, expect: expected, result, problems }) => {
    const checked = checkStartupLog(log, expected);
    expect({ ...checked, problems: undefined }).toEqual({ ...result, problems: undefined });
    expect(checked.problems).toHaveLength(problems.length);
    problems.forEach(([line, re], i) => {
      expect(checked.problems[i]?.line).toBe(line);
      expect(checked.problems[i]?.message).toMatch(re);
    });
  });

  it('reads the shipped sample start-up log', () => {
    const checked = checkStartupLog(readFileSync(`${SAMPLES}startup.log`, 'utf8'), [EXAMPLE_TYPE]);
    expect(checked).toEqual({ started: true, bridges: [{ class: EXAMPLE, platformType: EXAMPLE_TYPE, line: 10 }], finished: true, missing: [], problems: [] });
  });
});

describe('checkStartupLog runs in linear time (hostile logs)', () => {
  const MEGABYTE = 1 << 20;
  /** One line, or many, of `unit` repeated up to `bytes`. */
  const repeated = (unit: string, bytes: number, newline: boolean): string =>
    Array.from({ length: Math.ceil(bytes / unit.length) }, () => unit).join(newline ? '\n' : '');
  const HOSTILE_UNITS = [
    'Following bridges have been found: [',
    "Configuration file '",
    'No bridge is registered for platform type x ',
    'Bridge x for platform type ',
    'Bridge  ',
    'Failed to initialize Bridge context:',
    '\u001b[1;2;3',
    'Registering bridges..',
  ];

  it.each(HOSTILE_UNITS)('a megabyte line of %j with no closing part', (unit) => {
    const started = performance.now();
    checkStartupLog(`Registering bridges...\n${repeated(unit, MEGABYTE, false)}`);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('time grows linearly with the size of the log', () => {
    const unit = HOSTILE_UNITS.join(' ');
    const time = (bytes: number): number => {
      const text = `Registering bridges...\n${repeated(unit, bytes, false)}\n${repeated(unit, bytes, true)}`;
      const started = performance.now();
      checkStartupLog(text);
      return performance.now() - started;
    };
    time(64 * 1024); // warm-up
    const small = Math.max(1, time(256 * 1024));
    const large = time(1024 * 1024);
    // 4x the input: a quadratic reader takes 16x; allow generous noise on a shared machine.
    expect(large).toBeLessThan(Math.max(small * 10, 1500));
  });

  it('still reads the messages placed after hostile prefixes on the same line', () => {
    const log = [
      'Registering bridges...',
      `Following bridges have been found: [ Following bridges have been found: [class a.B]`,
      `Configuration file 'x Configuration file '/etc/b.properties' does not exist.`,
      'No bridge is registered for platform type a No bridge is registered for platform type http://t/P.',
      'Bridge Bridge a.B for platform type http://t/P has been registered.',
      'Bridge registration has finished successfully.',
    ].join('\n');
    const result = checkStartupLog(log);
    expect(result.bridges).toEqual([{ class: 'a.B', platformType: 'http://t/P', line: 5 }]);
    // The same readings as the former patterns: `[^']*'` stops at the first quote, `(.*)\]` at the last bracket.
    expect(result.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('file /etc/b.properties does not exist'),
      expect.stringContaining('type http://t/P was registered'),
      'Bridge Following bridges have been found: [class a.B was found but not registered for any platform type',
    ]);
  });
});
