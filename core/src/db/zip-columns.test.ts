// zipColumns and arrayColumns: the arrays a lateral array_agg reads, back into the objects an answer nests.
import { describe, expect, it } from "vitest";
import { arrayColumns, zipColumns } from "./zip-columns.ts";

describe("zipColumns", () => {
  it("zips one array per field into one object per index, fields in the order given", () => {
    const zipped = zipColumns<{ id: number; name: string }>({ id: [1, 2], name: ["a", "b"] });
    expect(zipped).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
    expect(Object.keys(zipped[0]!)).toEqual(["id", "name"]);
  });

  it("reads the null of an array_agg over no rows as no items", () => {
    expect(zipColumns<{ id: number; name: string }>({ id: null, name: null })).toEqual([]);
  });
});

describe("arrayColumns", () => {
  it("aggregates each field in the same order", () => {
    expect(arrayColumns({ ids: "q.id", names: "q.name" }, "q.id")).toBe(
      'array_agg(q.id ORDER BY q.id) AS "ids", array_agg(q.name ORDER BY q.id) AS "names"',
    );
  });
});
