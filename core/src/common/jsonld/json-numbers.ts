/**
 * JSON numbers as the reference reads them (issue 16). jsonld-java parses messages with Jackson,
 * which decides by how a number is written: with a fraction or an exponent it is a Double (`72.0`,
 * `1E2`), otherwise an Integer, Long or BigInteger with every digit. toRDF then writes a Double
 * (or any number typed xsd:double) with `DecimalFormat("0.0###############E0")` and an integer with
 * `DecimalFormat("0")`. `JSON.parse` loses both facts (`72.0` and `72` are the same JS number,
 * `12345678901234567890` loses digits), so the codec reads number tokens from the text itself.
 *
 * How: a scanner finds the number tokens outside strings, and each is replaced by a marker number
 * (the k-th token becomes BASE + k, or BASE + k + 0.5 for a double token) before `JSON.parse`:
 * a hand-written JSON parser would be several times slower than V8's, and Node 20 has no
 * `JSON.parse` source-text access (V8 11.4+, Node 21+). Markers stay numbers, so anything that
 * reads the parsed document (the fast codec, jsonld.js with its type coercions) sees a number
 * where the message had one, and the lexical token is one table lookup away. jsonld.js writes a
 * marker as the literal `BASE + k` (xsd:integer) or its 15-digit exponent form (xsd:double): the
 * integer/double split of jsonld-java for the default datatype. Those printed forms are mapped back.
 * The scan costs about as much as a fifth of the codec's whole read, so the codec first parses the
 * text as it is and marks numbers only once it meets one (message-codec.ts): messages whose values
 * are all typed strings, as in every INTER-IoT sample, never pay for it.
 */

const XSD_DOUBLE = 'http://www.w3.org/2001/XMLSchema#double';

/** True for a number token written with a fraction or an exponent (a Java Double for Jackson). */
export function isDoubleToken(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 46 || c === 101 || c === 69) return true;
  }
  return false;
}

/**
 * The canonical xsd:double form `d.dddE±n` with the shortest digits that read back as the same
 * double (ECMAScript's Number-to-string digits, as the issue asks): `7.2E1`, `3.0000000000000004E-1`,
 * `-0.0E0`, `1.7976931348623157E308`. jsonld-java prints Java's FloatingDecimal digits, which are
 * the same except where Java's are not the shortest: `5e-324` is `4.9E-324` there and `5.0E-324`
 * here, `1e23` is `9.999999999999999E22` there and `1.0E23` here; each pair denotes one double.
 * Infinities (a JSON number beyond the double range, e.g. `1E400`) are `INF`/`-INF`, the XSD
 * lexical forms; jsonld-java writes DecimalFormat's `∞`, which is no xsd:double at all.
 */
export function canonicalDouble(d: number): string {
  if (d === 0) return Object.is(d, -0) ? '-0.0E0' : '0.0E0';
  if (!Number.isFinite(d)) return Number.isNaN(d) ? 'NaN' : d > 0 ? 'INF' : '-INF';
  const s = d.toExponential(); // no argument: as many digits as it takes to be unique
  const e = s.indexOf('e');
  const mantissa = s.slice(0, e);
  const exponent = s.charCodeAt(e + 1) === 43 ? s.slice(e + 2) : s.slice(e + 1);
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent}`;
}

/** An integer token as `DecimalFormat("0")` writes the Integer/Long/BigInteger Jackson made of it. */
export function integerLexical(token: string): string {
  return token === '-0' ? '0' : token; // JSON integers have no leading zeros; Java's have no -0
}

/**
 * An integer token typed xsd:double, as jsonld-java writes it: `DecimalFormat("0.0###############E0")`
 * of the exact integer, so at most 17 significant digits rounded half-even (`7` -> `7.0E0`,
 * `12345678901234567890` -> `1.2345678901234568E19`, `99999999999999999999` -> `1.0E20`).
 */
export function integerAsDouble(token: string): string {
  const negative = token.charCodeAt(0) === 45;
  let digits = negative ? token.slice(1) : token;
  if (/^0+$/.test(digits)) return '0.0E0';
  digits = digits.replace(/^0+/, '');
  let exponent = digits.length - 1;
  if (digits.length > 17) {
    const kept = digits.slice(0, 17);
    const rest = digits.slice(17);
    const first = rest.charCodeAt(0) - 48;
    const up = first > 5 || (first === 5 && (/[1-9]/.test(rest.slice(1)) || (kept.charCodeAt(16) - 48) % 2 === 1));
    digits = kept;
    if (up) {
      const incremented = (BigInt(kept) + 1n).toString();
      if (incremented.length > 17) exponent++;
      digits = incremented.slice(0, 17);
    }
  }
  const fraction = digits.slice(1).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits[0] ?? '0'}.${fraction === '' ? '0' : fraction}E${exponent}`;
}

/**
 * The lexical form the reference gives a JSON number token whose literal has `datatype` (the
 * default, xsd:integer or xsd:double, or the value object's @type): a double token always gets the
 * canonical double form (`{"@value": 1E2, "@type": "xsd:int"}` is "1.0E2"^^xsd:int); an integer
 * token keeps its digits unless the datatype is xsd:double.
 */
export function numberLexical(token: string, datatype: string): string {
  if (isDoubleToken(token)) return canonicalDouble(Number(token));
  if (datatype === XSD_DOUBLE) return integerAsDouble(token);
  return integerLexical(token);
}

/** jsonld.js's printing of a number as xsd:double (toRdf.js), for finding markers in its output. */
function jsonldDoubleForm(v: number): string {
  return v.toExponential(15).replace(/(\d)0*e\+?/, '$1E');
}

/** The number tokens of a JSON document, replaced in its text by marker numbers. */
export class JsonNumbers {
  private printed: Map<string, number> | undefined;

  constructor(
    /** The value of the first marker; the k-th token's marker is base + k (+ 0.5 for a double). */
    readonly base: number,
    /** The tokens as written, in document order. */
    readonly tokens: readonly string[],
  ) {}

  /** The token a marker number stands for (undefined for a number that is no marker). */
  token(marker: number): string | undefined {
    const k = Math.floor(marker - this.base);
    return k >= 0 && marker - this.base - k <= 0.5 ? this.tokens[k] : undefined;
  }

  /** The value the message wrote (for places where a number is just a number: @context entries). */
  value(marker: number): number {
    const token = this.token(marker);
    return token === undefined ? marker : Number(token);
  }

  /** The token behind a literal jsonld.js made of a marker (by its printed form), if any. */
  tokenOfLiteral(lexical: string): string | undefined {
    if (this.printed === undefined) {
      this.printed = new Map();
      for (let k = 0; k < this.tokens.length; k++) {
        const marker = this.base + k;
        if (isDoubleToken(this.tokens[k] as string)) {
          this.printed.set(jsonldDoubleForm(marker + 0.5), k);
        } else {
          this.printed.set(String(marker), k);
          this.printed.set(jsonldDoubleForm(marker), k);
        }
      }
    }
    const k = this.printed.get(lexical);
    return k === undefined ? undefined : this.tokens[k];
  }

  /** `text` (JSON, e.g. an rdf:JSON literal jsonld.js canonicalised) with markers back as numbers. */
  restoreInJson(text: string): string {
    const spans = numberTokenSpans(text);
    if (spans === undefined) return text;
    let out = '';
    let last = 0;
    for (let i = 0; i < spans.length; i += 2) {
      const start = spans[i] as number;
      const end = spans[i + 1] as number;
      const token = this.token(Number(text.slice(start, end)));
      if (token === undefined) continue;
      // JSON canonicalisation (RFC 8785) writes numbers as ECMAScript does.
      out += text.slice(last, start) + String(Number(token));
      last = end;
    }
    return out + text.slice(last);
  }
}

/** True when text[start, end) is a JSON number (RFC 8259 section 6). */
function isJsonNumber(text: string, start: number, end: number): boolean {
  let i = start;
  if (text.charCodeAt(i) === 45) i++;
  const firstDigit = text.charCodeAt(i);
  if (firstDigit === 48) i++;
  else if (firstDigit >= 49 && firstDigit <= 57) {
    while (i < end && isDigit(text.charCodeAt(i))) i++;
  } else return false;
  if (i < end && text.charCodeAt(i) === 46) {
    i++;
    if (!(i < end && isDigit(text.charCodeAt(i)))) return false;
    while (i < end && isDigit(text.charCodeAt(i))) i++;
  }
  if (i < end && (text.charCodeAt(i) === 101 || text.charCodeAt(i) === 69)) {
    i++;
    if (i < end && (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45)) i++;
    if (!(i < end && isDigit(text.charCodeAt(i)))) return false;
    while (i < end && isDigit(text.charCodeAt(i))) i++;
  }
  return i === end;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * [start, end, start, end, ...] of the number tokens outside strings; undefined when there are
 * none. Strings are skipped with indexOf, so a message without numbers costs one pass over the
 * few characters between its strings. Runs of number characters that are not valid JSON numbers
 * are left alone (JSON.parse reports them).
 */
export function numberTokenSpans(text: string): number[] | undefined {
  const n = text.length;
  let spans: number[] | undefined;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = text.indexOf('"', i + 1);
      // A quote ends the string unless an odd number of backslashes precedes it.
      while (j > 0 && text.charCodeAt(j - 1) === 92) {
        let k = j - 2;
        while (text.charCodeAt(k) === 92) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      if (j < 0) return spans; // unterminated string: JSON.parse reports it
      i = j + 1;
    } else if (c === 45 || isDigit(c)) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isDigit(d) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) j++;
        else break;
      }
      if (isJsonNumber(text, i, j)) (spans ??= []).push(i, j);
      i = j;
    } else {
      i++;
    }
  }
  return spans;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return a.slice(0, i);
}

/**
 * A marker base whose printed markers cannot be mistaken for a literal the message itself states:
 * c * 10^12 (markers up to 2^53 stay exact, a .5 survives jsonld.js's 16 significant digits), the
 * first c whose markers' common digits appear nowhere in the text, plain or in exponent form.
 */
function chooseBase(text: string, count: number): number {
  let base = 4e12;
  for (let c = 4; c <= 9; c++) {
    base = c * 1e12;
    const prefix = commonPrefix(String(base), String(base + count));
    const exponentForm = `${prefix.slice(0, 1)}.${prefix.slice(1)}`;
    if (!text.includes(prefix) && !text.includes(exponentForm)) return base;
  }
  return base; // every candidate appears in the text: only a literal stating a marker would be misread
}

/** `JSON.parse(text)`, with number tokens as marker numbers; `numbers` is undefined when there are none. */
export function parseJsonKeepingNumbers(text: string): { doc: unknown; numbers: JsonNumbers | undefined } {
  const spans = numberTokenSpans(text);
  return spans === undefined ? { doc: JSON.parse(text), numbers: undefined } : parseWithMarkers(text, spans);
}

/**
 * The marked form of a text already parsed (valid JSON) into `plain`: `plain` itself when the text
 * has no numbers (nothing to mark), else the text parsed again with markers.
 */
export function markNumbers<T>(text: string, plain: T): { doc: T; numbers: JsonNumbers | undefined } {
  const spans = numberTokenSpans(text);
  return spans === undefined ? { doc: plain, numbers: undefined } : (parseWithMarkers(text, spans) as { doc: T; numbers: JsonNumbers });
}

function parseWithMarkers(text: string, spans: readonly number[]): { doc: unknown; numbers: JsonNumbers } {
  const count = spans.length / 2;
  const base = chooseBase(text, count);
  const tokens: string[] = new Array<string>(count);
  let rewritten = '';
  let last = 0;
  for (let k = 0; k < count; k++) {
    const start = spans[2 * k] as number;
    const end = spans[2 * k + 1] as number;
    const token = text.slice(start, end);
    tokens[k] = token;
    rewritten += text.slice(last, start) + String(isDoubleToken(token) ? base + k + 0.5 : base + k);
    last = end;
  }
  rewritten += text.slice(last);
  let doc: unknown;
  try {
    doc = JSON.parse(rewritten);
  } catch (error) {
    // Report the error (and its position) in the text as sent; markers only replace valid
    // numbers with valid numbers, so the original fails too.
    JSON.parse(text);
    throw error;
  }
  return { doc, numbers: new JsonNumbers(base, tokens) };
}
