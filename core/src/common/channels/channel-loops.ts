/**
 * Channel loops (CONTRACT.md "Safety": every input is bounded in the work it causes). A channel
 * A -> B beside B -> A sends every message around forever, each pass a full translation; so a new
 * channel whose sink already reaches its source through existing channels is refused when it is
 * created, naming the loop it would close. Dead-letter topics are outputs no channel is meant to
 * read; a channel that does read one is an edge like any other.
 */

export interface ChannelEdge {
  readonly source: string;
  readonly sink: string;
}

/**
 * The topics of the loop that a new channel `source -> sink` would close, from `source` back to
 * `source` (e.g. `['a', 'b', 'a']`), or undefined when it closes none. Breadth-first from `sink`
 * over the existing channels, so the loop named is a shortest one.
 */
export function loopClosedBy(existing: readonly ChannelEdge[], source: string, sink: string): string[] | undefined {
  if (source === sink) return [source, source];
  const next = new Map<string, string[]>();
  for (const edge of existing) {
    const list = next.get(edge.source);
    if (list === undefined) next.set(edge.source, [edge.sink]);
    else list.push(edge.sink);
  }
  const cameFrom = new Map<string, string>([[sink, source]]);
  const queue = [sink];
  for (let i = 0; i < queue.length; i++) {
    const topic = queue[i]!;
    if (topic === source) {
      const path = [source];
      for (let at = cameFrom.get(source); at !== undefined && at !== source; at = cameFrom.get(at)) path.push(at);
      // `path` runs backwards from the source to the sink: the loop is source -> sink -> ... -> source.
      return [source, ...path.slice(1).reverse(), source];
    }
    for (const to of next.get(topic) ?? []) {
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, topic);
      queue.push(to);
    }
  }
  return undefined;
}
