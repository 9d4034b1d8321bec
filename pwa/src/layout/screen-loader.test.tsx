// @vitest-environment jsdom
// A screen's code that fails to load: tried once more by itself online, and loaded again on retryFailedScreens()
// after it gave up (React.lazy alone keeps a failed import for good).
import { cleanup, render, screen } from "@testing-library/react";
import { Component, type ReactNode, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyScreen, loadWithRetry, retryFailedScreens } from "./screen-loader.ts";

afterEach(() => cleanup());

class Catch extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

/** A module loader that fails its first `failures` calls. */
function flaky(failures: number) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    if (calls.n <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return { Page: () => <p>the screen</p> };
  };
  return { load, calls };
}

describe("#layout.screenLoader", () => {
  it("tries a failed load once more by itself, online", async () => {
    const { load, calls } = flaky(1);
    await expect(loadWithRetry(load, 1)).resolves.toHaveProperty("Page");
    expect(calls.n).toBe(2);
    const twice = flaky(2);
    await expect(loadWithRetry(twice.load, 1)).rejects.toThrow("Failed to fetch");
    expect(twice.calls.n).toBe(2);
  });

  it("renders after a transient failure, and after a lasting one once retryFailedScreens is called", async () => {
    const once = flaky(1);
    const Screen = lazyScreen(once.load, "Page");
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText("the screen")).toBeTruthy();
    cleanup();

    const lasting = flaky(2);
    const Other = lazyScreen(lasting.load, "Page");
    const tree = () => (
      <Catch key={String(lasting.calls.n > 2)}>
        <Suspense fallback={<p>loading</p>}>
          <Other />
        </Suspense>
      </Catch>
    );
    const { rerender } = render(tree());
    expect(await screen.findByText("failed", {}, { timeout: 3000 })).toBeTruthy();
    retryFailedScreens();
    lasting.calls.n = 2;
    rerender(
      <Catch key="again">
        <Suspense fallback={<p>loading</p>}>
          <Other />
        </Suspense>
      </Catch>,
    );
    expect(await screen.findByText("the screen")).toBeTruthy();
  });
});
