/**
 * The one place the command line reads the environment (issue 26): every MEDIATOR_* variable a
 * command falls back on when its option is not given, read when a command runs. An empty value
 * (MEDIATOR_TOKEN= in a unit file) counts as unset where the README says so.
 */
export interface CliEnvironment {
  readonly host: string | undefined;
  readonly port: string | undefined;
  readonly dataDir: string | undefined;
  readonly logLevel: string | undefined;
  /** Empty means none. */
  readonly token: string | undefined;
  /** Comma-separated, blanks dropped. */
  readonly allowedHosts: readonly string[];
  readonly translationWorkers: string | undefined;
  readonly transport: string | undefined;
  readonly broker: string | undefined;
  readonly store: string | undefined;
  /** Empty means none. */
  readonly fleet: string | undefined;
  /** The brokers to run channels on (MEDIATOR_NATS, MEDIATOR_KAFKA, MEDIATOR_MQTT); empty means none. */
  readonly brokers: { readonly nats: string | undefined; readonly kafka: string | undefined; readonly mqtt: string | undefined };
  /** The HTTP server's timers in milliseconds (MEDIATOR_REQUEST_TIMEOUT and the like); empty means the default. */
  readonly timeouts: { readonly request: string | undefined; readonly headers: string | undefined; readonly keepAlive: string | undefined };
  /**
   * The brokers' TLS and credential variables (issue 40): every MEDIATOR_KAFKA_*, MEDIATOR_NATS_*
   * and MEDIATOR_MQTT_* (MEDIATOR_KAFKA_CA, MEDIATOR_KAFKA_PASSWORD, MEDIATOR_NATS_CREDS...), read by
   * broker-security.ts.
   */
  readonly brokerSecurity: Readonly<Record<string, string | undefined>>;
}

export function cliEnvironment(env: NodeJS.ProcessEnv = process.env): CliEnvironment {
  return {
    host: env.MEDIATOR_HOST,
    port: env.MEDIATOR_PORT,
    dataDir: env.MEDIATOR_DATA_DIR,
    logLevel: env.MEDIATOR_LOG_LEVEL,
    token: env.MEDIATOR_TOKEN || undefined,
    allowedHosts: (env.MEDIATOR_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== ''),
    translationWorkers: env.MEDIATOR_TRANSLATION_WORKERS,
    transport: env.MEDIATOR_TRANSPORT,
    broker: env.MEDIATOR_BROKER,
    store: env.MEDIATOR_STORE,
    fleet: env.MEDIATOR_FLEET || undefined,
    brokers: { nats: env.MEDIATOR_NATS || undefined, kafka: env.MEDIATOR_KAFKA || undefined, mqtt: env.MEDIATOR_MQTT || undefined },
    timeouts: {
      request: env.MEDIATOR_REQUEST_TIMEOUT || undefined,
      headers: env.MEDIATOR_HEADERS_TIMEOUT || undefined,
      keepAlive: env.MEDIATOR_KEEP_ALIVE_TIMEOUT || undefined,
    },
    brokerSecurity: Object.fromEntries(Object.entries(env).filter(([name]) => /^MEDIATOR_(KAFKA|NATS|MQTT)_/.test(name))),
  };
}
