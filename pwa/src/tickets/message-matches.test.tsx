// @vitest-environment jsdom
// A result's matched words are drawn as <mark> elements over text: a message's own markup stays text.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Marked } from "./message-matches.tsx";

describe("Marked", () => {
  it("marks the ranges and renders the message's markup as text, never as elements", () => {
    const text = "<img src=x onerror=alert(1)> o boleto <b>pago</b>";
    const { container } = render(
      <p>
        <Marked
          text={text}
          ranges={[
            [31, 37],
            [41, 45],
          ]}
        />
      </p>,
    );
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["boleto", "pago"]);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe(text);
  });
});
