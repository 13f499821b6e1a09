// The mw2mw API change history (issue 15, seed 1.8 and 9.4): differ and table. The Swagger 2.0
// reader (swagger-model.ts) is imported from its own module, on first use, by those who read
// documents: re-exported here it would load the `yaml` package with every process and translation
// worker (issue 27).
export type { SwaggerDocument, SwaggerOperation, SwaggerDefinition } from './swagger-model.js';
export { diffApiDocuments, API_CHANGE_KINDS, type ApiChange, type ApiChangeKind, type ApiDiff } from './api-diff.js';
export { describeChanges, formatChangeTable } from './change-table.js';
