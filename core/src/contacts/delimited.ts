// CSV/TXT rows read chunk by chunk (RFC 4180 quotes), so a file never has to
// be held whole: the import stops reading as soon as it has enough rows.

/** Cells kept per row: a contacts sheet has a handful; a line of a million separators stays small. */
export const SHEET_COLUMNS = 50;

const SEPARATORS = [";", ",", "\t"] as const;

/** The separator (';', ',' or tab) the header line uses most. */
function separatorOf(firstLine: string): string {
  return SEPARATORS.reduce((best, s) => (firstLine.split(s).length > firstLine.split(best).length ? s : best));
}

/** Feeds text in chunks and hands back the rows each chunk completed (blank rows dropped). */
export class DelimitedParser {
  private sep: string | undefined;
  private pending = "";
  private row: string[] = [];
  private cell = "";
  private quoted = false;
  /** The previous chunk ended on a quote inside a quoted cell: an escaped quote or the closing one. */
  private quoteAtEnd = false;
  private crAtEnd = false;
  private started = false;

  push(chunk: string): string[][] {
    let text = chunk;
    if (!this.started) {
      text = this.pending + text;
      // The separator is chosen from the whole first line, so wait for it.
      const nl = text.search(/\r|\n/);
      if (nl === -1) {
        this.pending = text;
        return [];
      }
      this.started = true;
      this.pending = "";
      text = text.replace(/^\uFEFF/, "");
      this.sep = separatorOf(text.slice(0, text.search(/\r|\n/)));
    }
    return this.scan(text);
  }

  end(): string[][] {
    const rows = this.started ? [] : this.start(this.pending);
    if (this.quoteAtEnd) this.quoted = false;
    if (this.cell !== "" || this.row.length > 0) this.endRow(rows);
    return rows;
  }

  private start(text: string): string[][] {
    this.started = true;
    const body = text.replace(/^\uFEFF/, "");
    this.sep = separatorOf(body);
    return this.scan(body);
  }

  private scan(text: string): string[][] {
    const rows: string[][] = [];
    const sep = this.sep!;
    let i = 0;
    if (this.crAtEnd) {
      this.crAtEnd = false;
      if (text[0] === "\n") i = 1;
    }
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      if (text[i] === '"') {
        this.cell += '"';
        i++;
      } else this.quoted = false;
    }
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (this.quoted) {
        if (ch === '"') {
          if (i + 1 === text.length) this.quoteAtEnd = true;
          else if (text[i + 1] === '"') {
            this.cell += '"';
            i++;
          } else this.quoted = false;
        } else this.cell += ch;
      } else if (ch === '"' && this.cell === "") this.quoted = true;
      else if (ch === sep) this.endCell();
      else if (ch === "\n" || ch === "\r") {
        if (ch === "\r") {
          if (i + 1 === text.length) this.crAtEnd = true;
          else if (text[i + 1] === "\n") i++;
        }
        this.endRow(rows);
      } else this.cell += ch;
    }
    return rows;
  }

  private endCell(): void {
    if (this.row.length < SHEET_COLUMNS) this.row.push(this.cell.trim());
    this.cell = "";
  }

  private endRow(rows: string[][]): void {
    this.endCell();
    if (this.row.some((c) => c !== "")) rows.push(this.row);
    this.row = [];
  }
}

/** A whole CSV or TXT text as rows (the first is the header). */
export function parseDelimited(text: string): string[][] {
  const parser = new DelimitedParser();
  return [...parser.push(text), ...parser.end()];
}
