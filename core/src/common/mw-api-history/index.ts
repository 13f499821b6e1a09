// The mw2mw API change history (issue 15, seed 1.8 and 9.4): Swagger 2.0 reader, differ, table.
export { readSwaggerDocument, operationKey, type SwaggerDocument, type SwaggerOperation, type SwaggerDefinition } from './swagger-model.js';
export { diffApiDocuments, API_CHANGE_KINDS, type ApiChange, type ApiChangeKind, type ApiDiff } from './api-diff.js';
export { describeChanges, formatChangeTable } from './change-table.js';
