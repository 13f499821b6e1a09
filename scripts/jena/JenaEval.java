/*
 * The reference's expression evaluator, for the differential test of issue 38
 * (core/src/common/translation/jena-differential.test.ts): Apache Jena ARQ 3.9.0, the engine IPSM
 * 0.8.10 ran every cell on, evaluating BIND chains the way a cell's update runs them.
 *
 * Input (UTF-8, one case per line): the body of a WHERE clause, typically a chain of
 * `BIND(<expr> AS ?tN)` ending with a BIND to ?r. Each case runs as the SPARQL 1.1 Update
 *   PREFIX xsd: ... fn: ... rdf: ...
 *   INSERT { <urn:jd:s> <urn:jd:r> ?r } WHERE { <urn:jd:s> <urn:jd:b1> ?b1 . <urn:jd:s> <urn:jd:b2> ?b2 . <line> }
 * on a graph holding those two blank-node triples (so ?b1 and ?b2 are blank-node operands), as
 * the reference applied a cell (UpdateAction on the message's graph), then the inserted ?r is read.
 *
 * Output, one line per case, fields separated by tabs, text escaped (\\ \t \n \r and \\uXXXX
 * for every non-ASCII UTF-16 unit, so lone surrogates survive):
 *   L <lexical> <datatype IRI> <language>   a literal
 *   I <iri>                                  an IRI
 *   B b1|b2|new                              a blank node (one of the payload's, or a fresh one)
 *   U                                        ?r unbound (an evaluation error, as SPARQL prescribes)
 *   F <exception class: message>             the update failed as a whole (the reference then skipped the cell)
 *
 * Run: java -cp '.cache/jena/libs/*:.cache/jena/classes' JenaEval < cases.txt
 */
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.update.UpdateAction;

public final class JenaEval {
  private static final String PROLOGUE =
      "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
          + "PREFIX fn: <http://www.w3.org/2005/xpath-functions#>\n"
          + "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n"
          + "PREFIX afn: <http://jena.apache.org/ARQ/function#>\n"
          + "INSERT { <urn:jd:s> <urn:jd:r> ?r } WHERE { <urn:jd:s> <urn:jd:b1> ?b1 . <urn:jd:s> <urn:jd:b2> ?b2 .\n";

  private static final Node S = NodeFactory.createURI("urn:jd:s");
  private static final Node R = NodeFactory.createURI("urn:jd:r");
  private static final Node B1 = NodeFactory.createBlankNode("b1");
  private static final Node B2 = NodeFactory.createBlankNode("b2");

  private JenaEval() {}

  public static void main(String[] args) throws Exception {
    org.apache.jena.query.ARQ.init();
    DatasetGraph dataset = DatasetGraphFactory.create();
    Graph graph = dataset.getDefaultGraph();
    graph.add(Triple.create(S, NodeFactory.createURI("urn:jd:b1"), B1));
    graph.add(Triple.create(S, NodeFactory.createURI("urn:jd:b2"), B2));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      out.write(evaluate(dataset, graph, line));
      out.write('\n');
    }
    out.flush();
  }

  private static String evaluate(DatasetGraph dataset, Graph graph, String body) {
    try {
      UpdateAction.parseExecute(PROLOGUE + body + "\n}", dataset);
    } catch (RuntimeException | StackOverflowError e) {
      clear(graph);
      return "F\t" + escape(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    List<Triple> found = graph.find(S, R, Node.ANY).toList();
    clear(graph);
    if (found.isEmpty()) return "U";
    return describe(found.get(0).getObject());
  }

  private static void clear(Graph graph) {
    for (Iterator<Triple> it = graph.find(S, R, Node.ANY).toList().iterator(); it.hasNext(); ) graph.delete(it.next());
  }

  private static String describe(Node node) {
    if (node.isLiteral()) {
      return "L\t" + escape(node.getLiteralLexicalForm()) + "\t" + escape(node.getLiteralDatatypeURI()) + "\t" + escape(node.getLiteralLanguage());
    }
    if (node.isURI()) return "I\t" + escape(node.getURI());
    if (node.isBlank()) return "B\t" + (node.equals(B1) ? "b1" : node.equals(B2) ? "b2" : "new");
    return "F\t" + escape("unexpected node " + node);
  }

  private static String escape(String s) {
    if (s == null) return "";
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') b.append("\\\\");
      else if (c == '\t') b.append("\\t");
      else if (c == '\n') b.append("\\n");
      else if (c == '\r') b.append("\\r");
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.toString();
  }
}
