/**
 * A parser for the part of SPARQL 1.1 the W3C expression tests use: PREFIX and BASE, SELECT (with
 * projected expressions, DISTINCT) and ASK, a WHERE of triple patterns (`;`, `,`, `a`, `[...]`,
 * blank nodes), FILTER, BIND, OPTIONAL, UNION and nested groups, and the whole expression grammar.
 * Anything else (aggregates, sub-queries, property paths, EXISTS, LIMIT, CONSTRUCT...) throws
 * `OutOfScope` with the reason: those tests go beyond what a cell can express and are counted apart.
 * Expressions come out as the engine's `EngineExpression`, so the engine's own compiler runs them.
 */
import { factory, NS, type RDF } from '../../common/rdf/terms.js';
import type { EngineExpression } from '../../common/translation/expression-compiler.js';
import type { OperatorName } from '../../common/translation/functions-operators.js';

export class OutOfScope extends Error {}

export type QueryTerm = { readonly kind: 'var'; readonly name: string } | { readonly kind: 'const'; readonly term: RDF.Term };

export interface TriplePatternQ {
  readonly s: QueryTerm;
  readonly p: QueryTerm;
  readonly o: QueryTerm;
}

export type PatternElement =
  | { readonly kind: 'triples'; readonly triples: readonly TriplePatternQ[] }
  | { readonly kind: 'bind'; readonly variable: string; readonly expression: EngineExpression }
  | { readonly kind: 'optional'; readonly group: Group }
  | { readonly kind: 'union'; readonly groups: readonly Group[] };

export interface Group {
  readonly elements: readonly PatternElement[];
  readonly filters: readonly EngineExpression[];
}

export interface Query {
  readonly form: 'SELECT' | 'ASK';
  readonly distinct: boolean;
  /** `*`, or the projected variables with their expressions. */
  readonly projection: '*' | ReadonlyArray<{ readonly variable: string; readonly expression?: EngineExpression }>;
  readonly where: Group;
  readonly prefixes: ReadonlyMap<string, string>;
}

type Token = {
  readonly type: 'iri' | 'pname' | 'var' | 'string' | 'lang' | 'number' | 'word' | 'punct' | 'bnode';
  readonly text: string;
  readonly value?: string;
};

const PUNCT = ['^^', '&&', '||', '!=', '<=', '>=', '{', '}', '(', ')', '[', ']', '.', ';', ',', '*', '=', '<', '>', '!', '+', '-', '/', '|', '^', '?'];
const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '"': '"', "'": "'", '\\': '\\' };

function unescapeString(s: string): string {
  return s.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, e: string) =>
    e.length > 1 ? String.fromCodePoint(Number.parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? `\\${e}`),
  );
}

const TOKEN_PATTERNS: ReadonlyArray<[Token['type'], RegExp]> = [
  ['iri', /^<([^<>"{}|^`\\\s]*)>/],
  ['string', /^("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/],
  ['var', /^[?$]([A-Za-z_0-9\u00B7-\uFFFF]+)/],
  ['bnode', /^_:([A-Za-z_0-9\u00B7-\uFFFF.-]*[A-Za-z_0-9\u00B7-\uFFFF-])/],
  ['lang', /^@([A-Za-z]+(?:-[A-Za-z0-9]+)*)/],
  ['number', /^(\d+\.\d*[eE][+-]?\d+|\.\d+[eE][+-]?\d+|\d+[eE][+-]?\d+|\d*\.\d+|\d+)/],
  ['pname', /^([A-Za-z][\w.-]*)?:((?:[\w\u00B7-\uFFFF%-]|\\.)(?:[\w\u00B7-\uFFFF.%:-]|\\.)*(?<!\.)|)/],
  ['word', /^[A-Za-z_][A-Za-z_0-9]*/],
];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = text;
  outer: while (rest.length > 0) {
    const space = /^(?:\s+|#[^\n]*)/.exec(rest);
    if (space !== null) {
      rest = rest.slice(space[0].length);
      continue;
    }
    for (const [type, re] of TOKEN_PATTERNS) {
      const m = re.exec(rest);
      if (m === null) continue;
      let value = m[1];
      if (type === 'string') {
        const q = m[0].startsWith('"""') || m[0].startsWith("'''") ? 3 : 1;
        value = unescapeString(m[0].slice(q, -q));
      }
      tokens.push(value === undefined ? { type, text: m[0] } : { type, text: m[0], value });
      rest = rest.slice(m[0].length);
      continue outer;
    }
    const p = PUNCT.find((x) => rest.startsWith(x));
    if (p === undefined) throw new OutOfScope(`cannot read the query at "${rest.slice(0, 20)}"`);
    tokens.push({ type: 'punct', text: p });
    rest = rest.slice(p.length);
  }
  return tokens;
}

const XSD = NS.xsd;
const RELATIONAL: ReadonlySet<string> = new Set(['=', '!=', '<', '>', '<=', '>=']);
/** Keywords that are not functions in an expression: what the engine cannot run as a cell. */
const AGGREGATES = new Set(['COUNT', 'SUM', 'MIN', 'MAX', 'AVG', 'SAMPLE', 'GROUP_CONCAT']);

class Parser {
  private pos = 0;
  private anonymous = 0;
  readonly prefixes = new Map<string, string>();
  base: string;

  constructor(
    private readonly tokens: readonly Token[],
    base: string,
  ) {
    this.base = base;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.type === 'word' && t.text.toUpperCase() === word;
  }

  private isPunct(p: string): boolean {
    const t = this.peek();
    return t !== undefined && t.type === 'punct' && t.text === p;
  }

  private next(): Token {
    const t = this.tokens[this.pos++];
    if (t === undefined) throw new OutOfScope('unexpected end of query');
    return t;
  }

  private expectPunct(p: string): void {
    const t = this.next();
    if (t.type !== 'punct' || t.text !== p) throw new OutOfScope(`expected "${p}", found "${t.text}"`);
  }

  private expectWord(w: string): void {
    const t = this.next();
    if (t.type !== 'word' || t.text.toUpperCase() !== w) throw new OutOfScope(`expected ${w}, found "${t.text}"`);
  }

  private resolve(iri: string): string {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(iri)) return iri;
    return new URL(iri, this.base).href;
  }

  private pname(t: Token): string {
    const colon = t.text.indexOf(':');
    const ns = this.prefixes.get(t.text.slice(0, colon));
    if (ns === undefined) throw new OutOfScope(`unknown prefix in ${t.text}`);
    return ns + t.text.slice(colon + 1).replace(/\\(.)/g, '$1');
  }

  private iriOf(t: Token): string {
    return t.type === 'iri' ? this.resolve(t.value ?? '') : this.pname(t);
  }

  parseQuery(): Query {
    this.prologue();
    const t = this.next();
    const form = t.text.toUpperCase();
    if (form !== 'SELECT' && form !== 'ASK') throw new OutOfScope(`${form} queries (the engine evaluates expressions, not graphs)`);
    let distinct = false;
    let projection: Query['projection'] = [];
    if (form === 'SELECT') {
      if (this.isWord('DISTINCT') || this.isWord('REDUCED')) distinct = this.next().text.toUpperCase() === 'DISTINCT';
      projection = this.projection();
    }
    if (this.isWord('FROM')) throw new OutOfScope('FROM (datasets)');
    if (this.isWord('WHERE')) this.next();
    const where = this.group();
    this.modifiers();
    return { form, distinct, projection, where, prefixes: this.prefixes };
  }

  private prologue(): void {
    for (;;) {
      if (this.isWord('PREFIX')) {
        this.next();
        const name = this.next();
        const iri = this.next();
        this.prefixes.set(name.text.slice(0, -1), this.resolve(iri.value ?? ''));
      } else if (this.isWord('BASE')) {
        this.next();
        this.base = this.resolve(this.next().value ?? '');
      } else return;
    }
  }

  private projection(): Query['projection'] {
    if (this.isPunct('*')) {
      this.next();
      return '*';
    }
    const out: Array<{ variable: string; expression?: EngineExpression }> = [];
    while (this.peek()?.type === 'var' || this.isPunct('(')) {
      if (this.isPunct('(')) {
        this.next();
        const expression = this.expression();
        this.expectWord('AS');
        const v = this.next();
        this.expectPunct(')');
        out.push({ variable: v.value ?? '', expression });
      } else out.push({ variable: this.next().value ?? '' });
    }
    return out;
  }

  private modifiers(): void {
    if (this.isWord('GROUP') || this.isWord('HAVING')) throw new OutOfScope('GROUP BY and HAVING (aggregation)');
    if (this.isWord('ORDER')) {
      // Results are compared as multisets, so ordering changes nothing; skip its conditions.
      while (this.peek() !== undefined && !this.isWord('LIMIT') && !this.isWord('OFFSET') && !this.isWord('VALUES')) this.next();
    }
    if (this.peek() !== undefined) throw new OutOfScope(`${this.peek()!.text} after the WHERE clause (LIMIT, OFFSET, VALUES)`);
  }

  group(): Group {
    this.expectPunct('{');
    if (this.isWord('SELECT')) throw new OutOfScope('sub-queries');
    const elements: PatternElement[] = [];
    const filters: EngineExpression[] = [];
    while (!this.isPunct('}')) {
      if (this.isPunct('.')) this.next();
      else if (this.isWord('FILTER')) {
        this.next();
        filters.push(this.constraint());
      } else if (this.isWord('BIND')) {
        this.next();
        this.expectPunct('(');
        const expression = this.expression();
        this.expectWord('AS');
        const v = this.next();
        this.expectPunct(')');
        elements.push({ kind: 'bind', variable: v.value ?? '', expression });
      } else if (this.isWord('OPTIONAL')) {
        this.next();
        elements.push({ kind: 'optional', group: this.group() });
      } else if (this.isPunct('{')) {
        const groups = [this.group()];
        while (this.isWord('UNION')) {
          this.next();
          groups.push(this.group());
        }
        elements.push({ kind: 'union', groups });
      } else if (['MINUS', 'GRAPH', 'SERVICE', 'VALUES'].some((w) => this.isWord(w))) {
        throw new OutOfScope(`${this.peek()!.text.toUpperCase()} patterns`);
      } else elements.push({ kind: 'triples', triples: this.triplesSameSubject() });
    }
    this.next();
    return { elements, filters };
  }

  private constraint(): EngineExpression {
    if (this.isPunct('(')) {
      this.next();
      const e = this.expression();
      this.expectPunct(')');
      return e;
    }
    return this.primary();
  }

  private anonymousVariable(): QueryTerm {
    return { kind: 'var', name: `_anon${this.anonymous++}` };
  }

  private graphTerm(into: TriplePatternQ[]): QueryTerm {
    const t = this.peek();
    if (t === undefined) throw new OutOfScope('unexpected end of pattern');
    if (t.type === 'var') return (this.next(), { kind: 'var', name: t.value ?? '' });
    if (t.type === 'bnode') return (this.next(), { kind: 'var', name: `_bnode_${t.value ?? ''}` });
    if (t.type === 'punct' && t.text === '[') {
      this.next();
      const node = this.anonymousVariable();
      if (!this.isPunct(']')) this.propertyList(node, into);
      this.expectPunct(']');
      return node;
    }
    if (t.type === 'punct' && t.text === '(') throw new OutOfScope('RDF collections in patterns');
    const e = this.primary();
    if (e.kind !== 'const') throw new OutOfScope('an expression where a pattern term was expected');
    return e;
  }

  private triplesSameSubject(): TriplePatternQ[] {
    const triples: TriplePatternQ[] = [];
    const subject = this.graphTerm(triples);
    if (!(this.isPunct('.') || this.isPunct('}'))) this.propertyList(subject, triples);
    return triples;
  }

  private verb(): QueryTerm {
    const t = this.next();
    if (t.type === 'word' && t.text === 'a') return { kind: 'const', term: factory.namedNode(`${NS.rdf}type`) };
    if (t.type === 'var') return { kind: 'var', name: t.value ?? '' };
    if (t.type === 'iri' || t.type === 'pname') {
      if (this.isPunct('/') || this.isPunct('|') || this.isPunct('*') || this.isPunct('+') || this.isPunct('?')) throw new OutOfScope('property paths');
      return { kind: 'const', term: factory.namedNode(this.iriOf(t)) };
    }
    throw new OutOfScope(`property paths or an unexpected verb "${t.text}"`);
  }

  private propertyList(subject: QueryTerm, into: TriplePatternQ[]): void {
    for (;;) {
      const p = this.verb();
      for (;;) {
        const o = this.graphTerm(into);
        into.push({ s: subject, p, o });
        if (!this.isPunct(',')) break;
        this.next();
      }
      if (!this.isPunct(';')) return;
      while (this.isPunct(';')) this.next();
      if (this.isPunct('.') || this.isPunct(']') || this.isPunct('}')) return;
    }
  }

  // ---- expressions ------------------------------------------------------------------------------

  expression(): EngineExpression {
    let left = this.conjunction();
    while (this.isPunct('||')) {
      this.next();
      left = { kind: 'op', op: '||', args: [left, this.conjunction()] };
    }
    return left;
  }

  private conjunction(): EngineExpression {
    let left = this.relational();
    while (this.isPunct('&&')) {
      this.next();
      left = { kind: 'op', op: '&&', args: [left, this.relational()] };
    }
    return left;
  }

  private relational(): EngineExpression {
    const left = this.additive();
    const t = this.peek();
    if (t?.type === 'punct' && RELATIONAL.has(t.text)) {
      this.next();
      return { kind: 'op', op: t.text as OperatorName, args: [left, this.additive()] };
    }
    if (this.isWord('IN') || (this.isWord('NOT') && this.isWord('IN', 1))) {
      const negated = this.next().text.toUpperCase() === 'NOT';
      if (negated) this.next();
      return { kind: 'op', op: negated ? 'NOT IN' : 'IN', args: [left, ...this.argumentList()] };
    }
    return left;
  }

  private additive(): EngineExpression {
    let left = this.multiplicative();
    for (;;) {
      if (this.isPunct('+') || this.isPunct('-')) {
        const op = this.next().text as '+' | '-';
        left = { kind: 'arith', op, args: [left, this.multiplicative()] };
      } else if (this.peek()?.type === 'number' && /^[+-]/.test(this.peek()!.text)) {
        throw new OutOfScope('signed number after an operand');
      } else return left;
    }
  }

  private multiplicative(): EngineExpression {
    let left = this.unary();
    while (this.isPunct('*') || this.isPunct('/')) {
      const op = this.next().text as '*' | '/';
      left = { kind: 'arith', op, args: [left, this.unary()] };
    }
    return left;
  }

  private unary(): EngineExpression {
    if (this.isPunct('!')) return (this.next(), { kind: 'op', op: '!', args: [this.unary()] });
    if (this.isPunct('-')) return (this.next(), { kind: 'op', op: 'u-', args: [this.unary()] });
    if (this.isPunct('+')) return (this.next(), { kind: 'op', op: 'u+', args: [this.unary()] });
    return this.primary();
  }

  private argumentList(): EngineExpression[] {
    this.expectPunct('(');
    const args: EngineExpression[] = [];
    if (this.isWord('DISTINCT')) throw new OutOfScope('DISTINCT in a call (aggregates)');
    while (!this.isPunct(')')) {
      args.push(this.expression());
      if (this.isPunct(',')) this.next();
      else if (!this.isPunct(')')) throw new OutOfScope(`expected "," or ")" in a call, found "${this.peek()?.text ?? 'the end'}"`);
    }
    this.next();
    return args;
  }

  private literal(t: Token): RDF.Literal {
    const lexical = t.value ?? '';
    if (this.peek()?.type === 'lang') return factory.literal(lexical, this.next().value ?? '');
    if (this.isPunct('^^')) {
      this.next();
      return factory.literal(lexical, factory.namedNode(this.iriOf(this.next())));
    }
    return factory.literal(lexical);
  }

  private primary(): EngineExpression {
    const t = this.next();
    switch (t.type) {
      case 'var':
        return { kind: 'var', name: t.value ?? '' };
      case 'string':
        return { kind: 'const', term: this.literal(t) };
      case 'number': {
        const type = /[eE]/.test(t.text) ? 'double' : t.text.includes('.') ? 'decimal' : 'integer';
        return { kind: 'const', term: factory.literal(t.text, factory.namedNode(XSD + type)) };
      }
      case 'iri':
      case 'pname': {
        const iri = this.iriOf(t);
        if (this.isPunct('(')) return { kind: 'call', name: `<${iri}>`, args: this.argumentList() };
        return { kind: 'const', term: factory.namedNode(iri) };
      }
      case 'punct':
        if (t.text === '(') {
          const e = this.expression();
          this.expectPunct(')');
          return e;
        }
        throw new OutOfScope(`unexpected "${t.text}" in an expression`);
      case 'word':
        return this.keyword(t);
      default:
        throw new OutOfScope(`unexpected ${t.type} "${t.text}" in an expression`);
    }
  }

  private keyword(t: Token): EngineExpression {
    const upper = t.text.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'const', term: factory.literal(upper.toLowerCase(), factory.namedNode(`${XSD}boolean`)) };
    if (AGGREGATES.has(upper)) throw new OutOfScope(`the aggregate ${upper}`);
    if (upper === 'EXISTS' || upper === 'NOT') throw new OutOfScope('EXISTS and NOT EXISTS');
    return { kind: 'call', name: t.text, args: this.argumentList() };
  }
}

/** Parses a query; `base` is its own location (the default base IRI). */
export function parseQuery(text: string, base: string): Query {
  return new Parser(tokenize(text), base).parseQuery();
}
