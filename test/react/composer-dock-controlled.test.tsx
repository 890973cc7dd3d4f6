import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { ComposerDock } from "../../src/react/composer-dock";
import { createEntry } from "../../src/store/outcomes";
import { singleChoiceRecord, threeStepRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;

/** The store's state with `record` as its one waiting prompt: a question arriving. */
const onlyPrompt = (record: QuestionRecord) => ({
  prompts: new Map([[record.id, createEntry(record)]]),
  order: [record.id],
});

/** A host that keeps `expanded` itself and only changes it with its own button. */
function HostWithOwnButton({ onExpandedChange }: { onExpandedChange: (next: boolean) => void }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setExpanded((value) => !value)}>
        Toggle from the host
      </button>
      <ComposerDock composer={composer} expanded={expanded} onExpandedChange={onExpandedChange} />
    </>
  );
}

/** A host that follows every change the dock asks for. */
function FollowingHost({ onExpandedChange }: { onExpandedChange: (next: boolean) => void }) {
  const [expanded, setExpanded] = useState(true);
  return (
    <ComposerDock
      composer={composer}
      expanded={expanded}
      onExpandedChange={(next) => {
        onExpandedChange(next);
        setExpanded(next);
      }}
    />
  );
}

describe("given a controlled dock with expanded={false}", () => {
  it("should show the slim bar and the composer even with a question waiting", () => {
    renderWithStore(<ComposerDock composer={composer} expanded={false} />, {
      prompts: [threeStepRecord],
    });
    expect(screen.getByRole("region", { name: "Question from the agent" })).toHaveTextContent(
      "Waiting for your answer · Target · 1/3",
    );
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeVisible();
  });

  it("should ask for the panel with onExpandedChange(true) and stay collapsed until the prop changes", async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    renderWithStore(<HostWithOwnButton onExpandedChange={onExpandedChange} />, {
      prompts: [threeStepRecord],
    });
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(onExpandedChange).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show question" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Toggle from the host" }));
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
    expect(onExpandedChange).toHaveBeenCalledTimes(1);
  });

  it("should still ask only, not expand, when another question arrives on an idle composer", () => {
    const onExpandedChange = vi.fn();
    const { store } = renderWithStore(
      <ComposerDock composer={composer} expanded={false} onExpandedChange={onExpandedChange} />,
      { prompts: [] },
    );
    act(() => store.setState(onlyPrompt(singleChoiceRecord)));
    expect(onExpandedChange).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });
});

describe("given a controlled dock the host has expanded", () => {
  it("should ask to collapse with the chevron and with Escape, and stay open until the prop changes", async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    renderWithStore(<HostWithOwnButton onExpandedChange={onExpandedChange} />, {
      prompts: [threeStepRecord],
    });
    await user.click(screen.getByRole("button", { name: "Toggle from the host" }));
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Staging/ }));
    await user.keyboard("{Escape}");
    expect(onExpandedChange).toHaveBeenCalledTimes(2);
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Toggle from the host" }));
    expect(screen.getByRole("button", { name: "Show question" })).toBeInTheDocument();
    expect(onExpandedChange).toHaveBeenCalledTimes(2);
  });

  it("should collapse and expand with the user when the host follows every change", async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    renderWithStore(<FollowingHost onExpandedChange={onExpandedChange} />, {
      prompts: [threeStepRecord],
    });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Show question" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
    expect(onExpandedChange.mock.calls).toEqual([[false], [true]]);
  });
});

describe("given an uncontrolled dock", () => {
  it("should collapse and expand on its own and tell onExpandedChange each time", async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    renderWithStore(<ComposerDock composer={composer} onExpandedChange={onExpandedChange} />, {
      prompts: [threeStepRecord],
    });
    expect(onExpandedChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
    expect(onExpandedChange.mock.calls).toEqual([[false], [true]]);
  });

  it("should collapse on Escape without onExpandedChange", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [threeStepRecord] });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Show question" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});
