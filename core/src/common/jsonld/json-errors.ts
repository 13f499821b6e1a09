/**
 * MESSAGE_NOT_JSON errors with a line and column. V8's JSON.parse reports a position in some
 * messages and none in others ("Unexpected token 'o', ..."), so when it gives none a small
 * validating scanner finds the offset of the first syntax error.
 */
import { ErrorCodes, ParseError } from '../errors.js';

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * The offset of the first JSON syntax error in `text` (a small validating scanner), for the V8
 * messages that carry no position ("Unexpected token 'o', ..."); undefined when it finds none.
 */
function jsonErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          i++;
          fail();
        }
      } else {
        i++;
      }
    }
  };
  const word = (w: string): void => {
    for (let k = 0; k < w.length; k++, i++) if (text[i] !== w[k]) fail();
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else fail();
    if (text[i] === '.') {
      i++;
      if (!isDigit(text.charCodeAt(i))) fail();
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text.charCodeAt(i))) fail();
      while (isDigit(text.charCodeAt(i))) i++;
    }
  };
  const value = (): void => {
    ws();
    if (i >= n) fail();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') string();
    else if (c === 't') word('true');
    else if (c === 'f') word('false');
    else if (c === 'n') word('null');
    else number();
  };
  try {
    value();
    ws();
    if (i < n) fail();
    return undefined;
  } catch (offset) {
    return typeof offset === 'number' ? offset : undefined; // RangeError: nested too deeply
  }
}

/** The ParseError for a text JSON.parse refused (`error` is what it threw). */
export function notJsonError(text: string, error: unknown): ParseError {
  const detail = error instanceof Error ? error.message : String(error);
  let where: { line: number; column: number } | undefined;
  const lc = /\(line (\d+) column (\d+)\)/.exec(detail);
  const pos = /at position (\d+)/.exec(detail);
  if (lc !== null) where = { line: Number(lc[1]), column: Number(lc[2]) };
  else if (pos !== null) where = lineColumn(text, Number(pos[1]));
  else {
    const offset = jsonErrorOffset(text);
    if (offset !== undefined) where = lineColumn(text, offset);
  }
  // The reader of the message wants its line and column, not V8's character offset ("at position 2").
  const said = detail.replace(/\s*\(line \d+ column \d+\)|\s+(?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?/, '');
  const message = where === undefined ? `Message is not JSON: ${said}` : `Message is not JSON: line ${where.line}, column ${where.column}: ${said}`;
  return new ParseError(message, {
    code: ErrorCodes.messageNotJson,
    cause: error,
    ...(where ?? {}),
  });
}
