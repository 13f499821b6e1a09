/**
 * The two code catalogues (issue 26): ErrorCodes (./errors.ts) and ProblemCodes (./problem-codes.ts)
 * are the only modules that spell a code; every other source file names their constants. The scan
 * below reads core/src's non-test sources with the TypeScript parser and reports a code-shaped
 * string literal in a position that emits a code: a `code` property (`{ code: 'X' }`, `code = 'X'`),
 * an argument of an error's construction (`new SomeError(message, 'X')`) and the code argument of a
 * problem (`problems.error('X', ...)`, `.warning('X', ...)`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCodes } from './errors.js';
import { PROBLEM_CODES, ProblemCodes } from './problem-codes.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const CATALOGUES = new Set(['common/errors.ts', 'common/problem-codes.ts']);
/** A machine code: upper case words joined by underscores, e.g. NOT_FOUND, CELL_TURTLE_SYNTAX, TIMEOUT. */
const CODE_SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const MIN_CODE_LENGTH = 5;

interface CodeLiteral {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

function isCodeShaped(node: ts.Node): node is ts.StringLiteralLike {
  return ts.isStringLiteralLike(node) && node.text.length >= MIN_CODE_LENGTH && CODE_SHAPE.test(node.text);
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The code-shaped literals of `text` that sit where a code is emitted. */
function codeLiterals(file: string, text: string): CodeLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: CodeLiteral[] = [];
  const report = (literal: ts.StringLiteralLike): void => {
    found.push({ file, line: source.getLineAndCharacterOfPosition(literal.getStart()).line + 1, text: literal.text });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) && propertyName(node.name) === 'code') {
      if (node.initializer !== undefined && isCodeShaped(node.initializer)) report(node.initializer);
    } else if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(source))) {
      for (const arg of node.arguments ?? []) if (isCodeShaped(arg)) report(arg);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      if ((method === 'error' || method === 'warning') && first !== undefined && isCodeShaped(first)) report(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('code catalogues', () => {
  it('finds a code spelled in each emitting position (the scan can fail)', () => {
    const sample = [
      "const a = { code: 'SOME_CODE', message: 'm' };",
      "class B extends Error { readonly code = 'OTHER_CODE'; }",
      "throw new MediatorError('the message', 'THIRD_CODE');",
      "problems.error('FOURTH_CODE', 'a message', at);",
      "problems.warning(\n  'FIFTH_CODE',\n  'a message',\n);",
      // Not code positions, or not code-shaped: left alone.
      "const method = 'DELETE'; request({ code: ErrorCodes.notFound }); log.error('Not a code');",
    ].join('\n');
    expect(codeLiterals('sample.ts', sample).map((l) => [l.line, l.text])).toEqual([
      [1, 'SOME_CODE'],
      [2, 'OTHER_CODE'],
      [3, 'THIRD_CODE'],
      [4, 'FOURTH_CODE'],
      [6, 'FIFTH_CODE'],
    ]);
  });

  it('no source file outside the two catalogues spells a code where one is emitted', () => {
    const files = sourceFiles(SRC).filter((path) => {
      const name = relative(SRC, path).split('\\').join('/');
      return !CATALOGUES.has(name);
    });
    expect(files.length).toBeGreaterThan(100);
    const spelled = files.flatMap((path) => codeLiterals(relative(SRC, path), readFileSync(path, 'utf8')));
    expect(spelled.map((l) => `${l.file}:${l.line} '${l.text}'`)).toEqual([]);
  });

  it('gives every code one constant, and no value to two constants', () => {
    expect(new Set(ERROR_CODES).size).toBe(Object.keys(ErrorCodes).length);
    expect(new Set(PROBLEM_CODES).size).toBe(Object.keys(ProblemCodes).length);
    // A problem code is never also an error code: `Problem.code` may hold either, and must say which.
    expect(PROBLEM_CODES.filter((code) => (ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});
