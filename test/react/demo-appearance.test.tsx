import { afterEach, describe, expect, it } from "vitest";
import {
  applyTheme,
  dictionaryOf,
  loadAppearance,
  saveAppearance,
} from "../../src/demo/appearance";

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.askTheme;
});

describe("given the demo's language and theme switches", () => {
  it("should keep the choice across a reload", () => {
    saveAppearance({ language: "ar", theme: "dark" });
    expect(loadAppearance()).toEqual({ language: "ar", theme: "dark" });
  });

  it("should fall back to English and the system theme for a stored value it does not know", () => {
    localStorage.setItem(
      "ask-user-kit-demo-appearance",
      JSON.stringify({ language: "xx", theme: "sepia" }),
    );
    expect(loadAppearance()).toEqual({ language: "en", theme: "system" });
    localStorage.setItem("ask-user-kit-demo-appearance", "{not json");
    expect(loadAppearance()).toEqual({ language: "en", theme: "system" });
  });

  it("should give the dock the chosen language's dictionary, right to left for Arabic", () => {
    expect(dictionaryOf("de").locale).toBe("de");
    expect(dictionaryOf("ar").dir).toBe("rtl");
  });

  it("should set the kit's theme attribute on the root, and remove it for the system theme", () => {
    applyTheme("dark");
    expect(document.documentElement.dataset.askTheme).toBe("dark");
    applyTheme("system");
    expect(document.documentElement.dataset.askTheme).toBeUndefined();
  });
});
