/**
 * Builds a payload on which every cell of an alignment fires: each cell's entity1 pattern is
 * instantiated with fresh terms (its own per cell), choosing literals where a filter or a
 * function needs one. Used to exercise alignments that have no sample message (Port_CO).
 */
import type { CompiledAlignment } from '../common/translation/index.js';
import type { PatternTerm } from '../common/alignment/index.js';
import { factory, type RDF } from '../common/rdf/terms.js';

export function synthesizePayload(alignment: CompiledAlignment): RDF.Quad[] {
  const quads: RDF.Quad[] = [];
  for (const [id, compiled] of alignment.cells) {
    const plan = compiled.plan;
    const subjects = new Set(plan.where.filter((t) => t.s.kind === 'var').map((t) => (t.s as { name: string }).name));
    const filtered = new Map(plan.filters.map((f) => [f.variable, f.datatype]));
    const params = new Set<string>();
    for (const f of compiled.cell.functions) for (const p of f.params) if (p.kind === 'variable') params.add(p.variable);
    const safe = id.replace(/[^A-Za-z0-9_]/g, '_');
    const values = new Map<string, RDF.Term>();
    const value = (t: PatternTerm): RDF.Term => {
      if (t.kind === 'const') return t.term;
      if (t.kind === 'bnode') return factory.blankNode(`${safe}_${t.label}`);
      let v = values.get(t.name);
      if (v === undefined) {
        const datatype = filtered.get(t.name);
        if (subjects.has(t.name))
          v = t.name.startsWith('BN_') ? factory.blankNode(`${safe}_${t.name}`) : factory.namedNode(`http://example.org/${safe}/${t.name}`);
        else if (datatype !== undefined) v = factory.literal('12.5', factory.namedNode(datatype));
        else if (params.has(t.name)) v = factory.literal(`http://example.org/${safe}/value_${t.name}`);
        else v = factory.namedNode(`http://example.org/${safe}/${t.name}`);
        values.set(t.name, v);
      }
      return v;
    };
    for (const t of plan.where) {
      quads.push(factory.quad(value(t.s) as RDF.Quad_Subject, t.p, value(t.o) as RDF.Quad_Object));
    }
  }
  return quads;
}
