/** The isomorphism checker moved to core's common code (issue 12: test suites ship it); tests keep importing it from here. */
export { isomorphic } from '../common/rdf/isomorphism.js';
