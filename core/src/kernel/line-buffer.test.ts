// The log's buffer (decision 0126): every line reaches the destination once and in order, in few writes, whatever the
// destination takes at a time (a pipe's partial writes, a full pipe's EAGAIN), and what is pending at exit is written.
import fs from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tmpDirForFile } from "../testing/test-world.ts";
import { LineBuffer, type WriteFn } from "./line-buffer.ts";

const dir = tmpDirForFile("chatflow-line-buffer-");

/** A file of its own, opened for appending, and a way to read it back. */
function destination(name: string) {
  const file = path.join(dir.path, name);
  const fd = fs.openSync(file, "a");
  return { fd, read: () => readFile(file, "utf8"), close: () => fs.closeSync(fd) };
}

const lines = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `{"msg":"line ${from + i}"}\n`);
const settled = () => new Promise((r) => setTimeout(r, 50));

describe("LineBuffer", () => {
  it("writes nothing until the limit or a flush, then every line in order in one write", async () => {
    const d = destination("plain.log");
    const calls: number[] = [];
    const write: WriteFn = (fd, chunk, done) => {
      calls.push(chunk.length);
      fs.write(fd, chunk, 0, chunk.length, null, done);
    };
    const buffer = new LineBuffer(d.fd, 1000, write);
    const first = lines(10);
    for (const l of first) buffer.push(l);
    await settled();
    expect(calls).toEqual([]);
    buffer.flush();
    await settled();
    expect(calls).toHaveLength(1);
    expect(await d.read()).toBe(first.join(""));

    // Past the limit a write starts by itself; lines logged while it runs go in the next one.
    const more = lines(200, 10);
    for (const l of more) buffer.push(l);
    buffer.flush();
    await settled();
    buffer.flush();
    await settled();
    expect(await d.read()).toBe([...first, ...more].join(""));
    expect(calls.length).toBeLessThan(10);
    d.close();
  });

  it("finishes a partial write and waits out a busy destination, losing and repeating nothing", async () => {
    const d = destination("partial.log");
    let busyOnce = true;
    const write: WriteFn = (fd, chunk, done) => {
      if (busyOnce) {
        busyOnce = false;
        const err = Object.assign(new Error("resource temporarily unavailable"), { code: "EAGAIN" });
        setImmediate(() => done(err, 0));
        return;
      }
      // At most 7 bytes at a time, as a nearly full pipe takes them.
      fs.write(fd, chunk, 0, Math.min(7, chunk.length), null, done);
    };
    const buffer = new LineBuffer(d.fd, 100, write);
    const all = lines(30);
    for (const l of all) buffer.push(l);
    buffer.flush();
    for (let i = 0; i < 100 && (await d.read()).length < all.join("").length; i++) {
      await settled();
      buffer.flush();
    }
    expect(await d.read()).toBe(all.join(""));
    d.close();
  });

  it("writes what is pending at once when the process exits", async () => {
    const d = destination("exit.log");
    const buffer = new LineBuffer(d.fd);
    const all = lines(5);
    for (const l of all) buffer.push(l);
    buffer.flushSync();
    expect(await d.read()).toBe(all.join(""));
    d.close();
  });
});
