// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResizeHandle } from "./resize-handle.tsx";

afterEach(() => cleanup());

function Harness({ onChangeEnd }: { onChangeEnd: (v: number) => void }) {
  const [value, setValue] = useState(400);
  return (
    <ResizeHandle label="Largura" value={value} min={280} max={786} onChange={setValue} onChangeEnd={onChangeEnd} />
  );
}

describe("#ResizeHandle", () => {
  it("is a focusable separator that says its width and resizes with the keys", async () => {
    const user = userEvent.setup();
    const onChangeEnd = vi.fn();
    render(<Harness onChangeEnd={onChangeEnd} />);
    const handle = screen.getByRole("separator", { name: "Largura" });
    expect(handle.getAttribute("aria-valuenow")).toBe("400");

    await user.tab();
    expect(document.activeElement).toBe(handle);
    await user.keyboard("{ArrowRight}");
    expect(handle.getAttribute("aria-valuenow")).toBe("416");
    await user.keyboard("{Shift>}{ArrowLeft}{/Shift}");
    expect(handle.getAttribute("aria-valuenow")).toBe("352");
    await user.keyboard("{Home}");
    expect(handle.getAttribute("aria-valuenow")).toBe("280");
    await user.keyboard("{ArrowLeft}");
    expect(handle.getAttribute("aria-valuenow")).toBe("280");
    await user.keyboard("{End}");
    expect(handle.getAttribute("aria-valuenow")).toBe("786");
    expect(onChangeEnd).toHaveBeenLastCalledWith(786);
  });

  it("follows a drag and reports the end once", () => {
    const onChangeEnd = vi.fn();
    render(<Harness onChangeEnd={onChangeEnd} />);
    const handle = screen.getByRole("separator");
    handle.setPointerCapture = () => undefined;
    handle.releasePointerCapture = () => undefined;
    fireEvent.pointerDown(handle, { button: 0, clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 560, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 600, pointerId: 1 });
    expect(handle.getAttribute("aria-valuenow")).toBe("500");
    fireEvent.pointerUp(handle, { clientX: 600, pointerId: 1 });
    expect(onChangeEnd.mock.calls).toEqual([[500]]);
  });
});
