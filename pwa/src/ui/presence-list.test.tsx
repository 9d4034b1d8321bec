// @vitest-environment jsdom
// PresenceList (decision 0091): a named list of the people on a document, each in their colour; nothing while
// no one else is there.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PresenceList } from "./presence-list.tsx";

afterEach(() => cleanup());

describe("#PresenceList", () => {
  it("names the list and shows each person in their colour", () => {
    render(
      <PresenceList
        label="Aqui agora"
        people={[
          { key: 1, name: "Ana", color: "hsl(138 70% 45%)" },
          { key: 2, name: "Bia", color: "hsl(275 70% 45%)" },
        ]}
        data-testid="presence"
      />,
    );
    const list = screen.getByRole("list", { name: "Aqui agora" });
    const people = within(list).getAllByRole("listitem");
    expect(people.map((p) => p.textContent)).toEqual(["Ana", "Bia"]);
    expect(people[1]!.getAttribute("data-color")).toBe("hsl(275 70% 45%)");
    expect(people[1]!.style.borderColor).not.toBe("");
  });

  it("shows nothing while no one else is there", () => {
    render(<PresenceList label="Aqui agora" people={[]} data-testid="presence" />);
    expect(screen.queryByTestId("presence")).toBeNull();
  });
});
