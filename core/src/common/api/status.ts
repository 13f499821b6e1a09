/** GET/POST /logging and GET /version (reference-mediator.md 6.9-6.10). */
import { Type, type Static } from 'typebox';
import { ConfigStoreState } from './config-store.js';
import { ref } from './schema-support.js';

/** The levels of POST /logging/{level} (any case), as GET /logging reports them. */
export const LOG_LEVEL_NAMES = ['ALL', 'TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'OFF'] as const;
export type LogLevelName = (typeof LOG_LEVEL_NAMES)[number];

export const LoggingResponse = Type.Object(
  { message: Type.String(), level: Type.String({ description: 'ALL, TRACE, DEBUG, INFO, WARN, ERROR or OFF' }) },
  { $id: 'LoggingResponse', additionalProperties: false },
);
export type LoggingResponse = Static<typeof LoggingResponse>;

export const LevelParams = Type.Object({ level: Type.String({ description: 'all, trace, debug, info, warn, error or off, any case' }) });
export type LevelParams = Static<typeof LevelParams>;

/** `GET /version` as the reference answers it: `{name, version}`, no other keys. */
export const VersionResponse = Type.Object({ name: Type.String(), version: Type.String() }, { $id: 'VersionResponse', additionalProperties: false });
export type VersionResponse = Static<typeof VersionResponse>;

/** One transport the server runs channels on (issue 28), for the workbench's channel form. */
export const TransportState = Type.Object(
  {
    kind: Type.Union([Type.Literal('embedded'), Type.Literal('nats'), Type.Literal('kafka'), Type.Literal('mqtt')]),
    letter: Type.String({ description: "Its letter in a channel's chanType: E, N, K or M" }),
    default: Type.Boolean({ description: 'True for the transport a channel without chanType uses at both ends' }),
    reachable: Type.Boolean({ description: 'Whether its broker can be reached now, as far as the server knows (always true for the embedded bus)' }),
    reason: Type.Optional(Type.String({ description: 'Why it cannot be reached' })),
  },
  { $id: 'TransportState', additionalProperties: false },
);
export type TransportState = Static<typeof TransportState>;

/** `GET /version?details=true`: what the workbench's status bar shows. */
export const VersionDetails = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    compatibleWith: Type.String({ description: 'The IPSM release whose REST contract this server keeps' }),
    configStore: Type.Optional(ref(ConfigStoreState)),
    transports: Type.Optional(
      Type.Array(ref(TransportState), {
        description: "The transports channels may use (a channel's chanType picks its source's and its sink's), the default first",
      }),
    ),
  },
  { $id: 'VersionDetails' },
);
export type VersionDetails = Static<typeof VersionDetails>;

/** `GET /health` (STE 1.0): liveness. */
export const HealthResponse = Type.Object(
  { info: Type.String(), value: Type.Boolean({ description: 'true while the server answers' }) },
  { $id: 'HealthResponse', additionalProperties: false },
);
export type HealthResponse = Static<typeof HealthResponse>;
