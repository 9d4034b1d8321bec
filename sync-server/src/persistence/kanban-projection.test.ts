// The kanban board document projected into the tags table (decision 0047): lanes, their order and settings become
// the company's kanban tags; two admins co-edit it and see each other's changes and presence; agents only read.

import {
  addLane,
  kanbanBoardDocumentName,
  laneIds,
  listBoardLanes,
  moveLane,
  removeLane,
  updateLaneSettings,
} from "@chatflow/core/contract/documents/kanban-board.ts";
import { buildTag } from "@chatflow/core/testing/contacts-factories.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { signedInUser, syncForFile, waitFor, within } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = forFile(
  async () => {
    const pool = sync.db.pool;
    const companyId = (await buildCompany(pool)).id;
    const otherCompanyId = (await buildCompany(pool)).id;
    return {
      companyId,
      otherCompanyId,
      admin: await signedInUser(pool, { companyId, profile: "admin" }),
      admin2: await signedInUser(pool, { companyId, profile: "admin" }),
      agent: await signedInUser(pool, { companyId, profile: "user" }),
    };
  },
  { timeout: 30_000 },
);

type LaneRow = {
  id: number;
  kanban: number;
  lane_position: number | null;
  time_lane: number;
  next_lane_id: number | null;
  rollback_lane_id: number | null;
  greeting_message_lane: string | null;
};

async function tagRows(ids: number[]): Promise<LaneRow[]> {
  const { rows } = await sync.db.pool.query<LaneRow>(
    `SELECT id, kanban, lane_position, time_lane, next_lane_id, rollback_lane_id, greeting_message_lane
     FROM tags WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  );
  return rows;
}
const rowOf = async (id: number) => (await tagRows([id]))[0]!;

describe("#sync.kanban board", () => {
  it("projects the lanes, their order and settings into the tags table, and a removed lane stops being one", async () => {
    const pool = sync.db.pool;
    const [a, b, c] = [
      await buildTag(pool, { companyId: w.companyId, name: "A" }),
      await buildTag(pool, { companyId: w.companyId, name: "B" }),
      await buildTag(pool, { companyId: w.companyId, name: "C" }),
    ];
    // A lane made through the tag calls and never placed on the board is left alone.
    const loose = await buildTag(pool, { companyId: w.companyId, name: "Solta", kanban: 1 });
    const theirs = await buildTag(pool, { companyId: w.otherCompanyId, name: "Deles" });
    const admin = sync.open(kanbanBoardDocumentName(w.companyId), w.admin.token);
    expect(await within(admin.authenticated, "authentication")).toBe("read-write");
    await waitFor(() => admin.provider.isSynced, "the first sync");

    admin.doc.transact(() => {
      addLane(admin.doc, a.id);
      addLane(admin.doc, b.id);
      addLane(admin.doc, c.id);
      addLane(admin.doc, theirs.id);
      updateLaneSettings(admin.doc, a.id, {
        timeLane: 3,
        nextLaneId: b.id,
        rollbackLaneId: theirs.id,
        greetingMessageLane: "Bem-vindo",
      });
    });
    await waitFor(async () => (await rowOf(c.id)).kanban === 1, "the projection");
    expect(await rowOf(a.id)).toEqual({
      id: a.id,
      kanban: 1,
      lane_position: 0,
      time_lane: 3,
      next_lane_id: b.id,
      // Another company's tag is no lane of this board.
      rollback_lane_id: null,
      greeting_message_lane: "Bem-vindo",
    });
    expect((await rowOf(b.id)).lane_position).toBe(1);
    expect((await rowOf(theirs.id)).kanban).toBe(0);

    moveLane(admin.doc, c.id, 0);
    removeLane(admin.doc, b.id);
    updateLaneSettings(admin.doc, a.id, { nextLaneId: null });
    expect(laneIds(admin.doc)).toEqual([c.id, a.id, theirs.id]);
    await waitFor(async () => (await rowOf(b.id)).kanban === 0, "the removal's projection");
    expect((await tagRows([a.id, b.id, c.id])).map((r) => [r.id, r.kanban, r.lane_position, r.next_lane_id])).toEqual([
      [a.id, 1, 1, null],
      [b.id, 0, null, null],
      [c.id, 1, 0, null],
    ]);
    expect(await rowOf(loose.id)).toMatchObject({ kanban: 1, lane_position: null });
  });

  it("lets two admins co-edit the board live, with presence, while an agent reads it and cannot change it", async () => {
    const pool = sync.db.pool;
    const x = await buildTag(pool, { companyId: w.companyId, name: "X" });
    const y = await buildTag(pool, { companyId: w.companyId, name: "Y" });
    const name = kanbanBoardDocumentName(w.companyId);
    const one = sync.open(name, w.admin.token);
    const two = sync.open(name, w.admin2.token);
    const agent = sync.open(name, w.agent.token);
    expect(await within(agent.authenticated, "the agent's authentication")).toBe("readonly");
    await waitFor(() => one.provider.isSynced && two.provider.isSynced && agent.provider.isSynced, "the syncs");

    one.provider.setAwarenessField("user", { name: "Ana", editing: x.id });
    addLane(one.doc, x.id);
    addLane(two.doc, y.id);
    updateLaneSettings(two.doc, x.id, { timeLane: 5 });
    await waitFor(() => laneIds(one.doc).includes(y.id) && laneIds(two.doc).includes(x.id), "each other's lanes");
    await waitFor(
      () => listBoardLanes(one.doc).find((l) => l.tagId === x.id)?.settings.timeLane === 5,
      "the other admin's setting",
    );
    await waitFor(
      () => [...two.provider.awareness!.getStates().values()].some((s) => s.user?.name === "Ana"),
      "the first admin's presence at the second",
    );
    await waitFor(() => laneIds(agent.doc).includes(y.id), "the lanes at the agent");

    // The agent's edit is dropped by the server: no one else gets it, and the table does not change.
    removeLane(agent.doc, x.id);
    await waitFor(async () => (await rowOf(x.id)).time_lane === 5, "the projection");
    const probe = await buildTag(pool, { companyId: w.companyId, name: "Sonda" });
    addLane(one.doc, probe.id);
    await waitFor(() => laneIds(two.doc).includes(probe.id), "a later admin edit");
    expect(laneIds(two.doc)).toContain(x.id);
    expect((await rowOf(x.id)).kanban).toBe(1);
  });
});
