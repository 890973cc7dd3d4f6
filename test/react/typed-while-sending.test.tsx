import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { singleChoiceRecord, threeStepRecord } from "../../src/testing/fixtures";
import { patchPrompt as endPrompt, renderWithStore } from "./support";

/** A host's controlled composer, as React hosts write it. */
function Composer() {
  const [text, setText] = useState("");
  return (
    <textarea aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
  );
}

describe("given keys typed while the answer is being sent", () => {
  it("should give them to the composer, in order, once the dock gives it back", async () => {
    const user = userEvent.setup();
    const { store, api } = renderWithStore(<ComposerDock composer={<Composer />} />, {
      prompts: [singleChoiceRecord],
    });
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByText("Sending your answer…")).toBeInTheDocument();
    await user.keyboard("Thanks 2");
    endPrompt(store, singleChoiceRecord.id, { status: "answered" });
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).toHaveFocus();
    expect(message).toHaveValue("Thanks 2");
    expect(api.calls).toHaveLength(1);
  });

  it("should not let Enter, a digit or Escape act in the read-only dock", async () => {
    const user = userEvent.setup();
    const { store, api } = renderWithStore(<ComposerDock composer={<Composer />} />, {
      prompts: [threeStepRecord],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("radio", { name: /Only me/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText("Sending your answer…")).toBeInTheDocument();
    await user.keyboard("1{Enter}{Escape}x{Backspace}ok");
    // Still the dock, still sending: Escape did not collapse it, Enter did not send again.
    expect(screen.getByText("Sending your answer…")).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    endPrompt(store, threeStepRecord.id, { status: "answered" });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("1ok");
  });

  it("should keep them when the send fails and give them to the composer when the dock ends", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={<Composer />} />, {
      prompts: [singleChoiceRecord],
    });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.keyboard("Hi");
    endPrompt(store, singleChoiceRecord.id, {
      status: "pending",
      error: { questionId: null, code: "UNAVAILABLE", reason: null, message: "unreachable" },
    });
    endPrompt(store, singleChoiceRecord.id, { status: "answered", error: null });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Hi");
  });
});
