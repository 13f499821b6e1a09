// Alignment test suites and cell coverage (issue 12, parts 1 and 3): pure, runs anywhere.
export { stepCountsOf, firstDifferingStep } from './step-counts.js';
export { payloadToNTriples, readPayloadNTriples } from './payload-triples.js';
export { readExpectedPayload, runCase, runChain, recordCase, chainIds, erroredCase, type ChainRun, type RunCaseOptions } from './run-case.js';
export { runSuite, summarize, type ChainResolver, type RunSuiteOptions } from './run-suite.js';
export { CoverageCounter, coverageOf } from './coverage.js';
export { suiteToFiles, suiteFromFiles, CASE_FILE, MESSAGE_FILE, EXPECTED_FILE, type SuiteFile } from './suite-files.js';
export { junitXml, failureSummary } from './junit-xml.js';
export { displayPrefixes } from '../translation/display-prefixes.js';
export { blameCells, chainContributions, type ChainContributions, type StepContribution, type ContributedTriple } from './cell-blame.js';
