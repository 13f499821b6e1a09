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

/** `GET /version?details=true`: what the workbench's status bar shows. */
export const VersionDetails = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    compatibleWith: Type.String({ description: 'The IPSM release whose REST contract this server keeps' }),
    configStore: Type.Optional(ref(ConfigStoreState)),
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
