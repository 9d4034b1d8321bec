// The set-up of a test that writes on the device and pushes to core: before each test, a fresh IndexedDB holding
// the file's ticket and a fresh fake core answering the file's network (msw). Shared by the send and push tests.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { SetupServer } from "msw/node";
import { beforeEach } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { testDb } from "./factories.ts";
import { createFakeCore, type FakeCore } from "./fake-core.ts";
import { mockNetworkForFile } from "./mock-network.ts";

export type OutboxWorld = {
  /** The file's msw server, for a test that adds its own handlers. */
  readonly server: SetupServer;
  /** This test's replica, holding the ticket. */
  db: ChatflowDb;
  /** This test's fake core: what it was pushed and stores. */
  core: FakeCore;
};

export function outboxWorldForFile(ticket: TicketDTO): OutboxWorld {
  const server = mockNetworkForFile();
  const world = { server } as OutboxWorld;
  beforeEach(async () => {
    world.db = testDb();
    await world.db.tickets.put(ticket);
    const fake = createFakeCore();
    world.core = fake.core;
    server.use(...fake.handlers);
  });
  return world;
}
