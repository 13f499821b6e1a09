// The checker moved to core/src/common/rdf (issue 12: the alignment diff uses it in production);
// kept here so the tests that import it from test-support need no change.
export { isomorphic } from '../common/rdf/isomorphism.js';
