import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { convertCellsToRdfXml, convertCellsToTurtle } from './convert-cells.js';
import { compileAlignment } from './compile-alignment.js';
import { readData, alignmentFiles } from '../../test-support/shared-data.js';
it('smoke', async () => {
  for (const f of alignmentFiles()) {
    const x = await convertCellsToRdfXml(readData(`alignments/${f}`));
    writeFileSync(`/tmp/cv/${f}.rdfxml.rdf`, x);
    await compileAlignment(x);
    const t = await convertCellsToTurtle(x);
    writeFileSync(`/tmp/cv/${f}.ttl.rdf`, t);
    await compileAlignment(t);
  }
});
