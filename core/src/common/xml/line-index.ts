/**
 * Maps string offsets to line/column, with XML's line ends (LF, CRLF and a lone CR) and a leading
 * byte order mark not counted as a column. Lookups are mostly in increasing order, so it keeps a
 * cursor and only scans forward (indexOf is much faster than a per-character loop); an earlier
 * offset starts again from the top. The XML reader's positions and the cell form's lines
 * (edit-cells.ts) both come from here.
 */
export class LineIndex {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private readonly bom: number;
  /** Lone CRs are line ends in XML but rare; only then use the slower scan. */
  private readonly loneCr: boolean;

  constructor(private readonly text: string) {
    this.bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.lineStart = this.bom;
    this.loneCr = /\r(?!\n)/.test(text);
  }

  at(offset: number): { line: number; column: number } {
    if (offset < this.pos) {
      this.pos = 0;
      this.line = 1;
      this.lineStart = this.bom;
    }
    const text = this.text;
    let { pos, line, lineStart } = this;
    if (this.loneCr) {
      for (; pos < offset; pos++) {
        const c = text.charCodeAt(pos);
        if (c === 0x0a || (c === 0x0d && text.charCodeAt(pos + 1) !== 0x0a)) {
          line++;
          lineStart = pos + 1;
        }
      }
    } else {
      for (;;) {
        const nl = text.indexOf('\n', pos);
        if (nl === -1 || nl >= offset) break;
        line++;
        pos = lineStart = nl + 1;
      }
      pos = Math.max(pos, offset);
    }
    this.pos = pos;
    this.line = line;
    this.lineStart = lineStart;
    return { line, column: Math.max(1, offset - lineStart + 1) };
  }
}
