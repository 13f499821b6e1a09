/**
 * The function groups kept out of `functions.ts`, merged into one table each for built-in keywords
 * and for IRIs; `functions.ts` adds them to its own.
 */
import type { FunctionDef } from './function-support.js';
import { ADJUST_TIMEZONE_BY_IRI } from './functions-adjust-timezone.js';
import { CONDITIONAL_BUILTINS } from './functions-conditional.js';
import { DATETIME_BUILTINS, DATETIME_BY_IRI } from './functions-datetime.js';
import { HASH_BUILTINS } from './functions-hash.js';
import { TERM_BUILTINS } from './functions-terms.js';
import { XPATH_BY_IRI } from './functions-xpath.js';

export { FN_ALIASES } from './functions-xpath.js';

export const EXTRA_BUILTINS: Readonly<Record<string, FunctionDef>> = {
  ...CONDITIONAL_BUILTINS,
  ...DATETIME_BUILTINS,
  ...HASH_BUILTINS,
  ...TERM_BUILTINS,
};

export const EXTRA_BY_IRI: Readonly<Record<string, FunctionDef>> = { ...DATETIME_BY_IRI, ...ADJUST_TIMEZONE_BY_IRI, ...XPATH_BY_IRI };
