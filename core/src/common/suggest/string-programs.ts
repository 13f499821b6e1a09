/**
 * Value programs learnt from examples, the way FlashFill learns string programs: each output value
 * is explained by a source value (the lexical form of an input literal or an input IRI) through one
 * of a few transforms that the mediator's function set can run (reference-mediator.md 3.4): the
 * identity, a concatenation with constant text around it, a REPLACE of one constant text by
 * another, or an affine map `x * a + b` of a number. With one example the only transforms tried
 * are the identity and the concatenation (a replace or a number map from one pair would be a
 * guess); with two or more, every transform that fits all pairs is a candidate, simplest first.
 */

export type Transform =
  | { readonly kind: 'identity' }
  | { readonly kind: 'concat'; readonly prefix: string; readonly suffix: string }
  | { readonly kind: 'replace'; readonly from: string; readonly to: string }
  | { readonly kind: 'affine'; readonly factor: number; readonly offset: number };

/** One (source, wanted) pair of lexical forms. */
export interface ValuePair {
  readonly source: string;
  readonly output: string;
}

/** Shortest source text worth explaining as part of a longer output (below this a hit is chance). */
const MIN_EMBEDDED = 3;

export function applyTransform(t: Transform, source: string): string | undefined {
  switch (t.kind) {
    case 'identity':
      return source;
    case 'concat':
      return `${t.prefix}${source}${t.suffix}`;
    case 'replace':
      return source.split(t.from).join(t.to);
    case 'affine': {
      const x = Number(source);
      if (source.trim() === '' || !Number.isFinite(x)) return undefined;
      return String(x * t.factor + t.offset);
    }
  }
}

function fitsAll(t: Transform, pairs: readonly ValuePair[]): boolean {
  return pairs.every((p) => {
    const got = applyTransform(t, p.source);
    if (got === undefined) return false;
    if (t.kind === 'affine') return Number(got) === Number(p.output);
    return got === p.output;
  });
}

function concatOf(pair: ValuePair, minEmbedded: number): Transform | undefined {
  if (pair.source.length < minEmbedded || pair.output === pair.source) return undefined;
  const at = pair.output.indexOf(pair.source);
  if (at < 0) return undefined;
  return { kind: 'concat', prefix: pair.output.slice(0, at), suffix: pair.output.slice(at + pair.source.length) };
}

/** The differing middle of two texts once their common prefix and suffix are cut: a replace candidate. */
function replaceOf(pair: ValuePair): Transform | undefined {
  const { source, output } = pair;
  let start = 0;
  while (start < source.length && start < output.length && source[start] === output[start]) start++;
  let end = 0;
  while (end < source.length - start && end < output.length - start && source[source.length - 1 - end] === output[output.length - 1 - end]) end++;
  const from = source.slice(start, source.length - end);
  const to = output.slice(start, output.length - end);
  if (from === '') return undefined;
  return { kind: 'replace', from, to };
}

function affineOf(pairs: readonly ValuePair[]): Extract<Transform, { kind: 'affine' }> | undefined {
  const nums = pairs.map((p) => [Number(p.source), Number(p.output)] as const);
  if (nums.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))) return undefined;
  const first = nums[0];
  const other = nums.find(([x]) => first !== undefined && x !== first[0]);
  if (first === undefined || other === undefined) return undefined;
  const factor = (other[1] - first[1]) / (other[0] - first[0]);
  const offset = first[1] - factor * first[0];
  if (!Number.isFinite(factor) || !Number.isFinite(offset)) return undefined;
  // Rounded to what a person would write: 1.8 and 32, not 1.7999999999999998.
  const round = (n: number): number => Number(n.toPrecision(12));
  return { kind: 'affine', factor: round(factor), offset: round(offset) };
}

/** Every transform that explains all pairs, simplest first; [] when none does. */
export function learnTransforms(pairs: readonly ValuePair[]): Transform[] {
  const first = pairs[0];
  if (first === undefined) return [];
  const out: Transform[] = [];
  const identity: Transform = { kind: 'identity' };
  if (fitsAll(identity, pairs)) out.push(identity);
  // Several pairs whose sources differ are evidence enough for a short source (a "7" in "7 units").
  const varying = pairs.some((p) => p.source !== first.source);
  for (const pair of pairs) {
    const concat = concatOf(pair, varying ? 1 : MIN_EMBEDDED);
    if (concat !== undefined && fitsAll(concat, pairs)) {
      out.push(concat);
      break;
    }
  }
  if (pairs.length >= 2) {
    for (const pair of pairs) {
      const replace = replaceOf(pair);
      if (replace !== undefined && fitsAll(replace, pairs) && pairs.some((p) => p.source !== p.output)) {
        out.push(replace);
        break;
      }
    }
    const affine = affineOf(pairs);
    if (affine !== undefined && fitsAll(affine, pairs) && !(affine.factor === 1 && affine.offset === 0)) out.push(affine);
  }
  return out;
}

export function describeTransform(t: Transform): string {
  switch (t.kind) {
    case 'identity':
      return 'the same text';
    case 'concat':
      return `"${t.prefix}" + value + "${t.suffix}"`;
    case 'replace':
      return `value with "${t.from}" replaced by "${t.to}"`;
    case 'affine':
      return `value * ${t.factor} + ${t.offset}`;
  }
}
