// A source that reads its questions with a part loaded apart (an MCP form reader, a LangGraph
// interrupt reader) may hold a question the page cannot show yet: the dock says so above the
// composer, keeps what was typed there, and Try again loads the part.
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { en } from "../../src/react/i18n/en";
import { renderWithStore } from "./support";

describe("given a question the source could not read: part of the page did not load", () => {
  it("should say so above the composer, keep the typed text, and load the part again on Try again", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [] },
    );
    let retries = 0;
    const message = screen.getByRole("textbox", { name: "Message" });
    await user.type(message, "half a thought");
    act(() =>
      store.setState({
        sourceFailure: "Failed to fetch dynamically imported module",
        retrySource: async () => {
          retries += 1;
          store.setState({ sourceFailure: null });
        },
      }),
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(en.panelFailed);
    expect(message).toBeVisible();
    expect(message).toHaveValue("half a thought");

    await user.click(screen.getByRole("button", { name: en.retry }));
    expect(retries).toBe(1);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(message).toHaveValue("half a thought");
  });
});
