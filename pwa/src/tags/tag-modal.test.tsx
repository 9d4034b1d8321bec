// @vitest-environment jsdom
// The tag modal's kanban variant (spec 2 §2 Tags, §3 Tag): with Kanban on, the lane fields show; hours out of range
// are refused under their field, and a new lane is queued with its settings (offline too).
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../app-db.ts";
import { i18n } from "../i18n/i18n.ts";
import { TagModal } from "./tag-modal.tsx";

beforeEach(async () => {
  await db.outbox.clear();
  await db.tags.clear();
  await db.tags.put({ id: 40, name: "Proposta", color: "#123456", kanban: 1 });
});
afterEach(() => cleanup());

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

describe("#tag modal kanban variant", () => {
  it("shows the lane fields with Kanban on, refuses bad hours, and queues the lane with its settings", async () => {
    const user = userEvent.setup();
    let closed = false;
    render(<TagModal tag={null} online={false} onClose={() => (closed = true)} onSaved={() => {}} />);
    expect(screen.queryByTestId("lane-time")).toBeNull();
    await user.type(screen.getByTestId("tag-name"), "Negociação");
    await user.click(screen.getByTestId("tag-kanban"));
    await user.clear(screen.getByTestId("lane-time"));
    await user.type(screen.getByTestId("lane-time"), "99999");
    await user.click(screen.getByTestId("tag-save"));
    expect(fieldError("lane-time")).toBe(i18n.t("kanban.lane.invalidTime"));
    expect(await db.outbox.count()).toBe(0);

    await user.clear(screen.getByTestId("lane-time"));
    await user.type(screen.getByTestId("lane-time"), "12");
    await user.type(screen.getByTestId("lane-greeting"), "Olá!");
    await user.click(screen.getByTestId("tag-save"));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe("createTag");
    expect(entry?.args).toMatchObject({
      name: "Negociação",
      kanban: 1,
      timeLane: 12,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: "Olá!",
    });
    expect(closed).toBe(true);
  });
});
