/**
 * IRI ids without a Map per message (issue 42, point 6). Every TermGraph used to intern its IRIs
 * in a Map of its own, grown from empty on every message (a rehash at 4, 8, 16, 32 entries) and
 * hashed again for each cell constant looked up: Map work was the largest item of the engine's
 * time between parse and serialise. Here one table per thread gives each IRI key a serial number
 * once, and a graph keeps its ids for those serials in two arrays stamped with the graph's own
 * number: an IRI met again (a predicate, a class, a cell's constant) is one lookup in a table that
 * no longer grows, and the rest is array reads.
 *
 * The stamps belong to one graph at a time, the last one made (the `owner`): a graph used after a
 * newer one was made stops using them and builds its own Map (TermGraph.localize), so interleaved
 * graphs (a suite comparing payloads, a traced diff) stay correct and only pay the old cost. The
 * table is bounded: past SERIAL_LIMIT keys it starts again empty, and the graph that owned the
 * stamps is told to build its Map.
 */

/** Keys the table holds before it starts again (message-specific IRIs keep arriving). */
export const SERIAL_LIMIT = 1 << 14;
/** Graph numbers wrap before they could leave the Int32Array range. */
const GRAPH_NUMBER_LIMIT = 0x7fff_ffff;

let serials = new Map<string, number>();
/** Per serial: the number of the graph that stamped it, and that graph's id for the IRI. */
let stampGraph = new Int32Array(256);
let stampId = new Int32Array(256);
let lastNumber = 0;
/**
 * The graph whose stamps are valid, by identity (numbers start again after a restart, so an old
 * graph's number may come back; only the owner reads stamps, and a restart clears them).
 */
let owner: object | undefined;

/** A stamp number for a new graph, which from now on owns the stamps. */
export function takeStamps(graph: object): number {
  if (lastNumber >= GRAPH_NUMBER_LIMIT) restart();
  owner = graph;
  return ++lastNumber;
}

/** True while `graph` owns the stamps. */
export function ownsStamps(graph: object): boolean {
  return owner === graph;
}

/** Bumped whenever the table starts again: serials cached by callers hold for one era. */
let era = 1;

/** The table's era (serials cached in an earlier one mean nothing now). */
export function serialEra(): number {
  return era;
}

/**
 * The serial of an IRI key, made when new (callers cache it for the era: a cell's constants), or
 * -1 when making it started the table again.
 */
export function serialOf(key: string): number {
  let serial = serials.get(key);
  if (serial === undefined) {
    if (serials.size >= SERIAL_LIMIT) {
      restart();
      return -1;
    }
    serial = serials.size;
    serials.set(key, serial);
    if (serial >= stampGraph.length) grow();
  }
  return serial;
}

/** The owning graph's id at a serial, or -1. */
export function stampedAt(graph: number, serial: number): number {
  return stampGraph[serial] === graph ? stampId[serial]! : -1;
}

/** Stamps a serial with the owning graph's id for it. */
export function stampAt(graph: number, serial: number, id: number): void {
  stampGraph[serial] = graph;
  stampId[serial] = id;
}

function restart(): void {
  era++;
  serials = new Map();
  stampGraph = new Int32Array(256);
  stampId = new Int32Array(256);
  lastNumber = 0;
  owner = undefined;
}

/** The owning graph's id for an IRI key, or -1 when the graph has not interned it. */
export function stampedId(graph: number, key: string): number {
  const serial = serials.get(key);
  return serial !== undefined && stampGraph[serial] === graph ? stampId[serial]! : -1;
}

/**
 * The owning graph's id for an IRI key, or `next` after stamping it with `next` (the caller then
 * adds the term as id `next`). Returns -2 when the table was full and started again: the caller
 * no longer owns the stamps.
 */
export function stampedOrStamp(graph: number, key: string, next: number): number {
  const serial = serialOf(key);
  if (serial < 0) return -2;
  if (stampGraph[serial] === graph) return stampId[serial]!;
  stampGraph[serial] = graph;
  stampId[serial] = next;
  return next;
}

function grow(): void {
  const graphs = new Int32Array(stampGraph.length * 2);
  graphs.set(stampGraph);
  const ids = new Int32Array(stampId.length * 2);
  ids.set(stampId);
  stampGraph = graphs;
  stampId = ids;
}
