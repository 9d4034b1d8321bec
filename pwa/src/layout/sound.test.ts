// @vitest-environment jsdom
import { createStore } from "jotai";
import { beforeEach, describe, expect, it } from "vitest";
import { clampVolume, DEFAULT_VOLUME, storedVolume, volumeAtom } from "./sound.ts";

beforeEach(() => localStorage.clear());

describe("#notification volume", () => {
  it("starts at the default and is remembered on this device", () => {
    expect(storedVolume()).toBe(DEFAULT_VOLUME);
    const store = createStore();
    expect(store.get(volumeAtom)).toBe(DEFAULT_VOLUME);
    store.set(volumeAtom, 30);
    expect(store.get(volumeAtom)).toBe(30);
    expect(localStorage.getItem("volume")).toBe("30");
    // A new page load reads it back.
    expect(createStore().get(volumeAtom)).toBe(30);
  });

  it("stays within 0..100 and ignores a stored value that is not a number", () => {
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(140)).toBe(100);
    expect(clampVolume(33.6)).toBe(34);
    localStorage.setItem("volume", "loud");
    expect(storedVolume()).toBe(DEFAULT_VOLUME);
  });
});
