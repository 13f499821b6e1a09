export { AlignmentInUseError, SqliteStore, STORE_PRAGMAS, STORE_SCHEMA_VERSION, defaultDataDir } from './sqlite-store.js';
export type { AlignmentRecord, ChannelRecord, InsertAlignmentResult, NewAlignment, NewChannel, StoreOptions } from './sqlite-store.js';
export type { ConfigStore, ConfigStoreState } from './config-store.js';
export { NatsKvStore, changeOf, type ConfigChange, type NatsKvStoreOptions } from './nats-kv-store.js';
