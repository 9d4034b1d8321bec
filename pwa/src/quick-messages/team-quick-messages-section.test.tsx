// @vitest-environment jsdom
// The team section of /quick-messages (spec 2 "visao"): others' shown quick messages from GET /quick-messages,
// a page at a time ('Mostrar mais'), never the general ones or the caller's own, and a new search starting
// again from page 1 with its searchParam.
import "fake-indexeddb/auto";
import type { QuickMessageDTO } from "@chatflow/core/contract/quick-messages.ts";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { TeamQuickMessagesSection } from "./team-quick-messages-section.tsx";

const server = mockNetworkForFile();
afterEach(() => cleanup());

const row = (id: number, over: Partial<QuickMessageDTO>): QuickMessageDTO => ({
  id,
  itemId: `item-${id}`,
  shortcode: `atalho${id}`,
  message: `Mensagem ${id}`,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  geral: false,
  visao: true,
  userId: 9,
  editable: false,
  updatedAt: "2026-11-24T08:00:00.000Z",
  ...over,
});

const shown = () => screen.queryAllByTestId("quick-messages-team-item").map((el) => el.textContent ?? "");

describe("#team quick messages section", () => {
  it("lists others' shown quick messages page by page, and a new search starts again from page 1", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${window.location.origin}/quick-messages`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        if (params.get("searchParam") === "pix") {
          return HttpResponse.json({ records: [row(7, { shortcode: "pix" })], count: 1, hasMore: false });
        }
        const page = params.get("pageNumber");
        const records =
          page === "1"
            ? [row(1, { geral: true, userId: null }), row(2, { userId: 5 }), row(3, {})]
            : [row(4, { userId: 11 })];
        return HttpResponse.json({ records, count: 4, hasMore: page === "1" });
      }),
    );
    const user = userEvent.setup();
    const { rerender } = render(<TeamQuickMessagesSection userId={5} search="" />);

    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]).toContain("/atalho3");
    await user.click(screen.getByRole("button", { name: i18n.t("quickMessages.more") }));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(shown()[1]).toContain("/atalho4");
    expect(screen.queryByRole("button", { name: i18n.t("quickMessages.more") })).toBeNull();

    rerender(<TeamQuickMessagesSection userId={5} search=" pix " />);
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining("/pix")]));
    expect(asked).toEqual(["pageNumber=1", "pageNumber=2", "pageNumber=1&searchParam=pix"]);
  });
});
