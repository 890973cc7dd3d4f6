import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { FIXTURE_NOW_MS, multiSelectRecord, singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const newer = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
const composer = <textarea aria-label="Message" />;

function twoRequests() {
  const rendered = renderWithStore(<ComposerDock composer={composer} />, {
    prompts: [singleChoiceRecord, newer],
  });
  rendered.api.settle = "ok";
  return rendered;
}

const question = (name: string) => screen.queryByRole("group", { name });

describe("given two waiting requests and the first one skipped", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should open the next request fresh, with Skip and no confirmation showing", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    twoRequests();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));

    expect(question(newer.questions[0]?.question ?? "")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Yes, skip" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Keep answering" })).toBeNull();
    expect(screen.getByRole("button", { name: "Skip" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Next|Submit/ })).toBeInTheDocument();
  });

  it("should skip only the first when 'Yes, skip' is double-clicked", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = twoRequests();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.dblClick(screen.getByRole("button", { name: "Yes, skip" }));

    expect(api.calls.map((call) => [call.method, call.id])).toEqual([
      ["cancel", singleChoiceRecord.id],
    ]);
    expect(question(newer.questions[0]?.question ?? "")).toBeInTheDocument();
  });

  it("should ignore a click that lands right after the dock switched, then act on the next one", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = twoRequests();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("button", { name: "Yes, skip" })).toBeNull();

    vi.advanceTimersByTime(1_000);
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    expect(api.calls.map((call) => call.id)).toEqual([singleChoiceRecord.id, newer.id]);
  });

  it("should pick no option of the next request with a click that lands right after the switch", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store } = twoRequests();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    expect(screen.getByRole("checkbox", { name: /Tests/ })).not.toBeChecked();

    vi.advanceTimersByTime(1_000);
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    expect(screen.getByRole("checkbox", { name: /Tests/ })).toBeChecked();
    expect(store.getState().drafts.get(newer.id)?.questions.get("checks")?.selected).toEqual([
      "Tests",
    ]);
  });
});
