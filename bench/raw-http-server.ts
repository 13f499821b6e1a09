/**
 * Baseline for the HTTP figure: the same translation behind a bare node:http handler (no
 * framework, no validation, no logging). It shows what HTTP itself costs on this machine, so the
 * mediator server's figure can be judged against it. Prints its URL, then serves until killed.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { compileAlignment, readMessage, translateParsed, type CompiledAlignment } from '@mediator/core';

const files = process.argv.slice(2);
const alignments: CompiledAlignment[] = [];
for (const f of files) alignments.push(await compileAlignment(readFileSync(f, 'utf8')));

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { graphStr: string };
      const parsed = await readMessage(body.graphStr);
      const r = translateParsed(body.graphStr, parsed, alignments, {});
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Message translation successful', graphStr: r.message }));
    })();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stderr.write(`Mediator API:  http://127.0.0.1:${port}/\n`);
});
