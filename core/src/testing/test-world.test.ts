import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { forFile, testDbForFile, tmpDirForFile } from "./test-world.ts";

// What each world saw, in order, checked by the last block of the file once the others are done.
const events: string[] = [];

class Counter {
  #count = 0;
  bump() {
    return ++this.#count;
  }
}

describe("#forFile", () => {
  const first = forFile(
    () => {
      events.push("first started");
      return { name: "first", calls: 0 };
    },
    {
      stop: () => {
        events.push("first stopped");
      },
      afterEach: (world) => {
        events.push(`after a test, ${world.calls} call(s)`);
      },
    },
  );
  const second = forFile(
    async () => {
      events.push(`second started, seeing ${first.name}`);
      return { from: first.name };
    },
    {
      stop: () => {
        events.push("second stopped");
      },
    },
  );
  const counter = forFile(() => new Counter());
  // A function held as data, with properties of its own (an Express app has its own `bind`, the HTTP verb).
  const app = Object.assign(() => "called", { bind: () => "the app's own bind", routes: ["/a"] });
  const holder = forFile(() => ({ app }));

  it("starts the worlds before the tests, in the order they are declared", () => {
    expect(events).toEqual(["first started", "second started, seeing first"]);
    expect(second.from).toBe("first");
  });

  it("passes assignments through to the world, and runs methods on the world itself (private fields work)", () => {
    first.calls = 2;
    expect(first.calls).toBe(2);
    expect("calls" in first).toBe(true);
    expect({ ...first }).toEqual({ name: "first", calls: 2 });
    expect(counter.bump()).toBe(1);
    expect(counter.bump()).toBe(2);
  });

  it("answers a function the world holds as data as it is", () => {
    expect(holder.app).toBe(app);
    expect(holder.app.routes).toEqual(["/a"]);
  });
});

describe("#forFile outside the tests", () => {
  const early = forFile(() => ({ value: 1 }));
  let readAtDeclaration: unknown;
  try {
    readAtDeclaration = early.value;
  } catch (err) {
    readAtDeclaration = (err as Error).message;
  }

  it("refuses a read before the world started, naming what was read", () => {
    expect(readAtDeclaration).toBe("forFile: .value read outside the tests (read the world inside hooks and tests)");
    expect(early.value).toBe(1);
  });
});

describe("#forFile for a start that makes nothing", () => {
  let created = false;
  forFile(
    async () => {
      created = true;
    },
    {
      stop: () => {
        events.push("the world that made nothing stopped");
      },
    },
  );

  it("still runs its start, and its stop after the block", () => {
    expect(created).toBe(true);
    expect(events).not.toContain("the world that made nothing stopped");
  });
});

let dirPath = "";
describe("#testDbForFile and #tmpDirForFile", () => {
  const db = testDbForFile();
  const dir = tmpDirForFile("chatflow-world-");

  it("give a migrated database of the file's own and an empty directory", async () => {
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM mikro_orm_migrations");
    expect(rows[0].n).toBeGreaterThan(0);
    expect(readdirSync(dir.path)).toEqual([]);
    dirPath = dir.path;
  });
});

describe("#forFile teardown", () => {
  it("stopped each block's worlds after its tests, the later one first, and ran afterEach after each test; the directory is gone", () => {
    expect(events).toEqual([
      "first started",
      "second started, seeing first",
      "after a test, 0 call(s)",
      "after a test, 2 call(s)",
      "after a test, 2 call(s)",
      "second stopped",
      "first stopped",
      "the world that made nothing stopped",
    ]);
    expect(dirPath).not.toBe("");
    expect(existsSync(dirPath)).toBe(false);
  });
});
