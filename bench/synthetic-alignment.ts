/**
 * A large alignment for benchmarks: the cells of a real alignment repeated under new ids until
 * the wanted count is reached, with one step per cell. It stands in for NOATUM_CO (204 cells),
 * whose reference figure (11 messages/s) the engine issue quotes but whose file we do not have.
 */
export function repeatCells(alignmentXml: string, cellCount: number): string {
  alignmentXml = alignmentXml.replace(/(<dcelem:title>)([^<]*)(<\/dcelem:title>)/, `$1$2_x${cellCount}$3`);
  const maps = [...alignmentXml.matchAll(/<align:map>[\s\S]*?<\/align:map>/g)].map((m) => m[0]);
  if (maps.length === 0) throw new Error('no align:map blocks to repeat');
  const cellIdOf = (block: string) => /rdf:about="http:\/\/www\.inter-iot\.eu\/sripas#([^"]+)"/.exec(block)?.[1] ?? '';
  const blocks: string[] = [];
  const steps: string[] = [];
  for (let i = 0; i < cellCount; i++) {
    const block = maps[i % maps.length]!;
    const id = cellIdOf(block);
    const newId = `${id}_r${Math.floor(i / maps.length)}`;
    blocks.push(block.replace(`sripas#${id}"`, `sripas#${newId}"`));
    steps.push(`<sripas:step sripas:order="${i}" sripas:cell="http://www.inter-iot.eu/sripas#${newId}"/>`);
  }
  const withSteps = alignmentXml.replace(/(<sripas:steps[^>]*>)[\s\S]*?(<\/sripas:steps>)/, `$1\n${steps.join('\n')}\n$2`);
  const firstMap = withSteps.indexOf('<align:map>');
  const lastMapEnd = withSteps.lastIndexOf('</align:map>') + '</align:map>'.length;
  return `${withSteps.slice(0, firstMap)}${blocks.join('\n')}${withSteps.slice(lastMapEnd)}`;
}
