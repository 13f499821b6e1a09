import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { homedir } from 'node:os';
import { generateCopyCommands, jarNamesIn, parseJarName, shellPath, shellQuote, type CopyCommandsInput } from './index.js';

const LIB = '/usr/local/tomcat/webapps/ROOT/WEB-INF/lib';

interface Row {
  readonly name: string;
  readonly input: CopyCommandsInput;
  /** The whole paste-able script, line by line. */
  readonly script: readonly string[];
  readonly problems?: readonly RegExp[];
}

const ROWS: readonly Row[] = [
  {
    name: 'the bridge jar only',
    input: { container: 'intermw', jar: 'target/example-bridge-2.5.0.jar' },
    script: [
      `docker cp target/example-bridge-2.5.0.jar intermw:${LIB}/`,
      `docker exec intermw ls -l ${LIB} | grep -F -e example-bridge-2.5.0.jar`,
      'docker restart intermw',
    ],
  },
  {
    name: 'extra dependencies, the bridge API and a shipped jar flagged "do not copy"',
    input: {
      container: 'intermw_1',
      jar: 'target/example-bridge-2.5.0.jar',
      dependencies: [
        'target/lib/okhttp-3.9.1.jar',
        'target/lib/mw.bridges.api-2.5.0.jar',
        'target/lib/jackson-databind-2.9.2.jar',
        'target/lib/okhttp-3.9.1.jar',
      ],
      shipped: ['jackson-databind-2.9.5.jar', 'mw.commons-2.5.0.jar'],
    },
    script: [
      '# do not copy mw.bridges.api-2.5.0.jar: the middleware ships the bridge API',
      '# do not copy jackson-databind-2.9.2.jar: the middleware ships jackson-databind-2.9.5.jar: a second version of jackson-databind would conflict',
      `docker cp target/example-bridge-2.5.0.jar intermw_1:${LIB}/`,
      `docker cp target/lib/okhttp-3.9.1.jar intermw_1:${LIB}/`,
      `docker exec intermw_1 ls -l ${LIB} | grep -F -e example-bridge-2.5.0.jar -e okhttp-3.9.1.jar`,
      'docker restart intermw_1',
    ],
  },
  {
    name: 'paths with spaces and quotes are quoted for the shell',
    input: { container: 'mw', jar: "/home/ann/My Bridges/it's-bridge-1.0.jar", dependencies: ['C:\\libs\\okio-1.13.0.jar'] },
    script: [
      `docker cp '/home/ann/My Bridges/it'\\''s-bridge-1.0.jar' mw:${LIB}/`,
      `docker cp 'C:\\libs\\okio-1.13.0.jar' mw:${LIB}/`,
      `docker exec mw ls -l ${LIB} | grep -F -e 'it'\\''s-bridge-1.0.jar' -e okio-1.13.0.jar`,
      'docker restart mw',
    ],
  },
  {
    name: 'a path under the home folder keeps its ~ for the shell',
    input: { container: 'mw', jar: '~/My Bridges/b-1.0.jar', dependencies: ['~ann/libs/okio-1.13.0.jar'] },
    script: [
      `docker cp ~/'My Bridges/b-1.0.jar' mw:${LIB}/`,
      `docker cp ~ann/libs/okio-1.13.0.jar mw:${LIB}/`,
      `docker exec mw ls -l ${LIB} | grep -F -e b-1.0.jar -e okio-1.13.0.jar`,
      'docker restart mw',
    ],
  },
  {
    name: 'a configuration file',
    input: {
      container: 'intermw',
      jar: 'example-bridge-2.5.0.jar',
      config: 'src/main/resources/ExampleBridge.properties',
      bridgeClass: 'eu.interiot.intermw.example.bridge.ExampleBridge',
    },
    script: [
      `docker cp example-bridge-2.5.0.jar intermw:${LIB}/`,
      `docker exec intermw ls -l ${LIB} | grep -F -e example-bridge-2.5.0.jar`,
      'docker cp src/main/resources/ExampleBridge.properties intermw:/etc/inter-iot/intermw/',
      'docker exec intermw ls -l /etc/inter-iot/intermw/ExampleBridge.properties',
      'docker restart intermw',
    ],
  },
  {
    name: 'a configuration file named for another class',
    input: { container: 'intermw', jar: 'b-1.0.jar', config: 'bridge.properties', bridgeClass: 'org.example.FiwareBridge' },
    script: [
      `docker cp b-1.0.jar intermw:${LIB}/`,
      `docker exec intermw ls -l ${LIB} | grep -F -e b-1.0.jar`,
      'docker cp bridge.properties intermw:/etc/inter-iot/intermw/',
      'docker exec intermw ls -l /etc/inter-iot/intermw/bridge.properties',
      'docker restart intermw',
    ],
    problems: [/looks for FiwareBridge\.properties/],
  },
  {
    name: 'a container name Docker would refuse, and no jar',
    input: { container: 'my container;rm -rf', jar: 'bridge.zip' },
    script: [
      `docker cp bridge.zip 'my container;rm -rf:${LIB}/'`,
      `docker exec 'my container;rm -rf' ls -l ${LIB} | grep -F -e bridge.zip`,
      "docker restart 'my container;rm -rf'",
    ],
    problems: [/not a Docker container name/, /bridge\.zip is not a jar/],
  },
];

describe('generateCopyCommands', () => {
  it.each(ROWS)('$name', ({ input, script, problems = [] }) => {
    const result = generateCopyCommands(input);
    expect(result.script).toEqual(script);
    expect(result.problems).toHaveLength(problems.length);
    problems.forEach((re, i) => expect(result.problems[i]?.message).toMatch(re));
  });

  it('notes that the configuration folder is on a named volume and the library folder is not', () => {
    const result = generateCopyCommands({ container: 'intermw', jar: 'b-1.0.jar', config: 'B.properties' });
    expect(result.notes.join('\n')).toMatch(/\/etc\/inter-iot\/intermw is persisted on a named volume/);
    expect(result.notes.join('\n')).toMatch(/not on a volume/);
    expect(result.entries.map((e) => [e.fileName, e.kind, e.copy])).toEqual([
      ['b-1.0.jar', 'bridge', true],
      ['B.properties', 'config', true],
    ]);
  });
});

describe('shellQuote', () => {
  // The shell itself is the judge: each quoted word must come back as exactly the original.
  it.each(['plain-1.0.jar', 'with space', "it's", 'a"b', '$HOME', '`id`', 'semi;colon', '', 'back\\slash', 'new\nline', 'ünï'])('%j survives sh', (value) => {
    const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellQuote(value)}`], { encoding: 'utf8' });
    expect(echoed).toBe(value);
  });
});

describe('shellPath', () => {
  it('lets the shell expand ~/ and keeps the rest literal', () => {
    const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellPath("~/My Bridges/it's.jar")}`], {
      encoding: 'utf8',
      env: { ...process.env, HOME: homedir() },
    });
    expect(echoed).toBe(`${homedir()}/My Bridges/it's.jar`);
    expect(shellPath('plain/x.jar')).toBe('plain/x.jar');
    expect(shellPath('~user/')).toBe('~user/');
  });
});

describe('jar names', () => {
  it.each([
    ['okhttp-3.9.1.jar', 'okhttp', '3.9.1'],
    ['target/lib/jackson-databind-2.9.5.jar', 'jackson-databind', '2.9.5'],
    ['mw.bridges.api-2.5.0-SNAPSHOT.jar', 'mw.bridges.api', '2.5.0-SNAPSHOT'],
    ['example-bridge-2.5.0-jar-with-dependencies.jar', 'example-bridge', '2.5.0-jar-with-dependencies'],
    ['C:\\m2\\netty-all-4.1.22.Final.jar', 'netty-all', '4.1.22.Final'],
    ['tools.jar', 'tools', undefined],
  ])('%s', (path, artifact, version) => expect(parseJarName(path)).toMatchObject({ artifact, version }));

  it('reads `ls -l` output, paths and comma lists', () => {
    const pasted =
      'total 12\n-rw-r----- 1 root root 66469 Oct 12  2018 commons-io-2.5.jar\r\n/x/y/okio-1.13.0.jar, gson-2.8.jar;commons-io-2.5.jar\nREADME.txt';
    expect(jarNamesIn(pasted)).toEqual(['commons-io-2.5.jar', 'okio-1.13.0.jar', 'gson-2.8.jar']);
  });
});
