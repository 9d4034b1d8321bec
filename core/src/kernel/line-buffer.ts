// Log lines gathered in memory and written to a file descriptor in one call per 32 KiB (or per flush: the logger's
// timer, every 250 ms), in the order they were logged (decision 0126). The access log writes a line per request:
// sonic-boom, pino's writer, measured the byte length of its whole pending string on every line and wrote every 4 KiB,
// about a tenth of core's CPU per ingested message; this joins the lines once per write.
import fs from "node:fs";

/** fs.write's shape: writes `chunk` to `fd`, calls back with the bytes written (possibly fewer) or an error. */
export type WriteFn = (fd: number, chunk: Buffer, done: (err: NodeJS.ErrnoException | null, n: number) => void) => void;

const writeFd: WriteFn = (fd, chunk, done) => fs.write(fd, chunk, 0, chunk.length, null, done);

/** A destination that cannot take more now (a full non-blocking pipe): tried again after this long. */
const BUSY_RETRY_MS = 10;

export class LineBuffer {
  private lines: string[] = [];
  private size = 0;
  /** The chunk being written, until the destination has all of it. */
  private inFlight: Buffer | undefined;

  private readonly fd: number;
  /** Pending characters that start a write without waiting for the next flush. */
  private readonly limit: number;
  private readonly write: WriteFn;

  constructor(fd: number, limit = 32 * 1024, write: WriteFn = writeFd) {
    this.fd = fd;
    this.limit = limit;
    this.write = write;
  }

  /** Adds a line (with its newline); written once `limit` characters are pending, or at the next flush. */
  push(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.limit) this.flush();
  }

  /** Starts writing what is pending, unless a write is still under way (its end starts the next). */
  flush(): void {
    if (this.inFlight !== undefined || this.lines.length === 0) return;
    this.send(this.take());
  }

  /** Writes what is pending at once, blocking (the process is exiting); a chunk still under way is left to finish. */
  flushSync(): void {
    if (this.lines.length === 0) return;
    let chunk = this.take();
    let busy = 0;
    while (chunk.length > 0) {
      try {
        chunk = chunk.subarray(fs.writeSync(this.fd, chunk));
      } catch (err) {
        // A full non-blocking pipe: wait a little for its reader, for at most a second in all.
        const code = (err as NodeJS.ErrnoException).code;
        if ((code !== "EAGAIN" && code !== "EBUSY") || busy++ >= 100) throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BUSY_RETRY_MS);
      }
    }
  }

  private take(): Buffer {
    const chunk = Buffer.from(this.lines.length === 1 ? this.lines[0]! : this.lines.join(""));
    this.lines = [];
    this.size = 0;
    return chunk;
  }

  private send(chunk: Buffer): void {
    this.inFlight = chunk;
    this.write(this.fd, chunk, (err, n) => {
      if (err) {
        if (err.code === "EAGAIN" || err.code === "EBUSY") {
          setTimeout(() => this.send(chunk), BUSY_RETRY_MS);
          return;
        }
        // Nowhere to log that logging failed (stdout closed): the chunk is given up, later lines still tried.
        this.inFlight = undefined;
        return;
      }
      if (n < chunk.length) {
        this.send(chunk.subarray(n));
        return;
      }
      this.inFlight = undefined;
      if (this.size >= this.limit) this.flush();
    });
  }
}
