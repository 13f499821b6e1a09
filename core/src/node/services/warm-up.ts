/**
 * A tiny translation run where the engine will run (a translation worker before it reports ready,
 * or the event loop of a server without workers) while the server starts (issue 27, "Warm from the
 * first message"): the first real translation after a start took 150x the steady state, most of it
 * the engine's first compile and first translation (module code run for the first time, lazily
 * built tables, JIT), now paid before the server answers anything. Two cells and a three-triple
 * payload: a few milliseconds.
 */
import type { CompiledAlignment } from '../../common/index.js';
import { checkAlignment } from './alignment-check.js';
import { runWorkItem } from './work-items.js';

const EX = 'http://example.org/warm#';

/**
 * One cell that renames a class and a property, with a typed literal carried over; one with a
 * function (`str`), a typing and a fresh blank node: the kinds of cell the shipped alignments hold.
 */
const WARM_ALIGNMENT = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:sripas="http://www.inter-iot.eu/sripas#"
         xmlns="http://www.inter-iot.eu/sripas#"
         xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#"
         xmlns:dcelem="http://purl.org/dc/elements/1.1/"
         xmlns:exmo="http://exmo.inrialpes.fr/align/ext/1.0/#">
  <align:Alignment>
    <dcelem:title>warm-up</dcelem:title>
    <exmo:version>1.0</exmo:version>
    <dcelem:creator>mediator</dcelem:creator>
    <dcelem:description>The start-up warm-up translation</dcelem:description>
    <sripas:cellFormat><rdf:Description rdf:about="http://inter-iot.eu/sripas#turtle"/></sripas:cellFormat>
    <align:onto1><align:Ontology rdf:about="${EX}a"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="${EX}b"/></align:onto2>
    <sripas:steps rdf:parseType="Collection">
      <sripas:step sripas:order="1" sripas:cell="http://www.inter-iot.eu/sripas#warm"/>
      <sripas:step sripas:order="2" sripas:cell="http://www.inter-iot.eu/sripas#warm-function"/>
    </sripas:steps>
    <align:map>
      <align:Cell rdf:about="http://www.inter-iot.eu/sripas#warm">
        <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">sripas:node_x a &lt;${EX}A&gt; ; &lt;${EX}v&gt; sripas:node_v .</align:entity1>
        <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">sripas:node_x a &lt;${EX}B&gt; ; &lt;${EX}w&gt; sripas:node_v .</align:entity2>
        <align:relation>=</align:relation>
      </align:Cell>
    </align:map>
    <align:map>
      <align:Cell rdf:about="http://www.inter-iot.eu/sripas#warm-function">
        <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">sripas:node_x a &lt;${EX}B&gt; .</align:entity1>
        <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">sripas:node_x a &lt;${EX}B&gt; ; &lt;${EX}id&gt; sripas:node_id ; &lt;${EX}part&gt; sripas:node_fresh . sripas:node_fresh &lt;${EX}n&gt; 1 .</align:entity2>
        <align:relation>=</align:relation>
        <sripas:transformation rdf:parseType="Literal">
          <sripas:function sripas:about="str">
            <sripas:param sripas:order="1" sripas:about="http://www.inter-iot.eu/sripas#node_x"/>
            <sripas:return sripas:about="http://www.inter-iot.eu/sripas#node_id"/>
          </sripas:function>
        </sripas:transformation>
        <sripas:typings rdf:parseType="Literal">
          <sripas:typing sripas:about="http://www.inter-iot.eu/sripas#node_1" sripas:datatype="http://www.w3.org/2001/XMLSchema#int"/>
        </sripas:typings>
      </align:Cell>
    </align:map>
  </align:Alignment>
</rdf:RDF>
`;

const WARM_MESSAGE = JSON.stringify({
  '@graph': [
    {
      '@id': 'InterIoTMsg:metadata',
      '@graph': [{ '@id': 'InterIoTMsg:meta1', '@type': ['InterIoTMsg:meta', 'InterIoTMsg:Thing_Update'], 'InterIoTMsg:messageID': 'warm-up' }],
    },
    {
      '@id': 'InterIoTMsg:payload',
      '@graph': [{ '@id': `${EX}x1`, '@type': `${EX}A`, [`${EX}v`]: { '@type': 'http://www.w3.org/2001/XMLSchema#float', '@value': '1.5' } }],
    },
  ],
  '@context': { InterIoTMsg: 'http://inter-iot.eu/message/' },
});

/** Rounds of the warm translation: a few, so the hot functions are past their first, slowest runs. */
const ROUNDS = 5;

/**
 * Compiles the warm-up alignment and translates the warm-up message through it (also with the
 * trace, the workbench's path), then runs the workbench's other first jobs on it once: an upload's
 * analysis and the alignment's view and cells (the first view of a 200-cell alignment took 3x its
 * warm time without). Returns the compiled alignment; throws when the engine cannot translate it,
 * which would be a bug (the caller logs it, the server starts anyway).
 */
export async function warmEngine(): Promise<CompiledAlignment> {
  const compiled = await checkAlignment(WARM_ALIGNMENT);
  for (let i = 0; i < ROUNDS; i++) {
    const trace = i === ROUNDS - 1;
    const result = await runWorkItem(
      { kind: 'translate', graphStr: WARM_MESSAGE, trace, pretty: true, defaultGraph: false },
      [compiled],
      10_000,
      () => undefined,
    );
    if (!('message' in result) || !result.message.includes(`${EX}B`) || !result.message.includes(`${EX}id`)) {
      throw new Error('the warm-up translation did not translate');
    }
  }
  for (const item of [{ kind: 'analyze', xml: WARM_ALIGNMENT, keepAs: 'warm-up' }, { kind: 'view' }, { kind: 'cells' }] as const) {
    await runWorkItem(item, [compiled], 10_000, () => undefined);
  }
  return compiled;
}
