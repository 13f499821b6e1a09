#!/usr/bin/env node
/**
 * Lists the functions with more than 80 lines of their own (issue 26) in core/src, electron/src and
 * renderer/src, tests excluded, longest first, and exits 1 when there are more than 5 of them.
 *
 * "Their own" lines: the lines from a function's first to its last, less the lines of the
 * functions nested in it (a zustand slice's actions, a route table's handlers, a callback): a
 * nested function's first line stays with its parent (it is part of a statement there), the rest
 * is counted for the nested function. Blank and comment lines count like code.
 *
 *   node scripts/long-functions.mjs [--lines 80] [--max 5] [--json]
 *
 * Uses the TypeScript compiler's parser (already a dependency), so the count follows the syntax
 * tree rather than brace counting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['core/src', 'electron/src', 'renderer/src'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-support']);

/** Source files of the checked folders, tests left out. */
export function sourceFiles(root = ROOT) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path);
      }
    }
  };
  for (const dir of DIRS) walk(join(root, dir));
  return out.sort();
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A readable name: the declaration's, else the variable, property or argument position it sits in. */
function nameOf(node, source) {
  if (ts.isConstructorDeclaration(node)) return `${classNameOf(node)}.constructor`;
  if (node.name !== undefined) {
    const own = node.name.getText(source);
    return ts.isClassLike(node.parent) ? `${classNameOf(node)}.${own}` : own;
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function classNameOf(member) {
  const cls = member.parent;
  return cls?.name?.getText() ?? '(class)';
}

/** Every function of one file with its own line count. */
export function measure(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const found = [];
  const visit = (node, enclosing) => {
    if (isFunctionLike(node) && node.body !== undefined) {
      const first = lineOf(node.getStart(source));
      const last = lineOf(node.getEnd());
      const entry = { file, line: first + 1, name: nameOf(node, source), span: last - first + 1, nested: new Set() };
      found.push(entry);
      // The nested function's lines after its first one are not the enclosing function's own.
      if (enclosing !== undefined) for (let l = first + 1; l <= last; l++) enclosing.nested.add(l);
      ts.forEachChild(node, (child) => visit(child, entry));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, enclosing));
  };
  visit(source, undefined);
  return found.map(({ nested, span, ...rest }) => {
    let own = span;
    for (const l of nested) if (l >= rest.line && l < rest.line + span) own--;
    return { ...rest, lines: own };
  });
}

/** The functions over `limit` own lines under `root`, longest first. */
export function longFunctions(limit = 80, root = ROOT) {
  return sourceFiles(root)
    .flatMap((path) => measure(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8')))
    .filter((f) => f.lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { lines: { type: 'string', default: '80' }, max: { type: 'string', default: '5' }, json: { type: 'boolean' } } });
  const limit = Number(values.lines);
  const max = Number(values.max);
  const long = longFunctions(limit);
  if (values.json === true) {
    process.stdout.write(`${JSON.stringify(long, null, 2)}\n`);
  } else {
    for (const f of long) process.stdout.write(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}\n`);
    process.stdout.write(`${long.length} function(s) with more than ${limit} lines of their own (at most ${max} allowed)\n`);
  }
  process.exitCode = long.length > max ? 1 : 0;
}
