// Runs SPARQL queries with Apache Jena ARQ 3.9.0 (the reference mediator's engine) for the W3C
// conformance suite's check of its departures list. Reads lines `query-file<TAB>data-file...` from
// stdin; answers one line per query: `J<TAB>` + the results as SPARQL JSON on one line, or
// `E<TAB>` + the error. Default Jena settings, as IPSM ran them.
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.jena.query.*;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.RDFDataMgr;

public class JenaQuery {
  public static void main(String[] args) throws Exception {
    org.apache.jena.sys.JenaSystem.init();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String[] parts = line.split("\t");
      try {
        Model model = ModelFactory.createDefaultModel();
        for (int i = 1; i < parts.length; i++) RDFDataMgr.read(model, parts[i]);
        Query query = QueryFactory.read(parts[0]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (QueryExecution qe = QueryExecutionFactory.create(query, model)) {
          if (query.isAskType()) ResultSetFormatter.outputAsJSON(out, qe.execAsk());
          else ResultSetFormatter.outputAsJSON(out, qe.execSelect());
        }
        System.out.println("J\t" + out.toString("UTF-8").replace("\n", " ").replace("\r", " "));
      } catch (Throwable e) {
        System.out.println("E\t" + String.valueOf(e).replace("\n", " ").replace("\t", " "));
      }
    }
  }
}
