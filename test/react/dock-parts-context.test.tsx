import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { createPortal } from "react-dom";
import { describe, expect, it } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { threeStepRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const region = () => screen.getByRole("region", { name: "Question from the agent" });

describe("given a host that renders no Body and lets its own Root scroll", () => {
  it("should scroll the question the user moves to back to its top", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <QuestionDock.Root className="host-panel">
        <QuestionDock.Step />
        <QuestionDock.Footer />
      </QuestionDock.Root>,
      { prompts: [threeStepRecord] },
    );
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    expect(screen.getByRole("group", { name: /Which checks/ })).toBeInTheDocument();
    region().scrollTop = 200;
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("group", { name: /Who should I tell/ })).toBeInTheDocument();
    expect(region().scrollTop).toBe(0);
  });
});

describe("given a host's own Body with a class name of its own", () => {
  it("should scroll the question the user moves to back to its top", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <QuestionDock.Root>
        <QuestionDock.Body className="host-scroller" data-testid="host-body" />
        <QuestionDock.Footer />
      </QuestionDock.Root>,
      { prompts: [threeStepRecord] },
    );
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    const body = screen.getByTestId("host-body");
    body.scrollTop = 200;
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    expect(body.scrollTop).toBe(200);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("group", { name: /Who should I tell/ })).toBeInTheDocument();
    expect(body.scrollTop).toBe(0);
  });

  it("should leave the scroll of the question on screen while the user types in it", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <QuestionDock.Root>
        <QuestionDock.Body className="host-scroller" data-testid="host-body" />
      </QuestionDock.Root>,
      { prompts: [threeStepRecord] },
    );
    const body = screen.getByTestId("host-body");
    body.scrollTop = 200;
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    expect(body.scrollTop).toBe(200);
  });
});

describe("given a Root with a class name of its own", () => {
  it("should take the focus to the question when Next is pressed without an answer", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock className="host-dock" />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus();
  });

  it("should move on to the next question when Next is pressed with an answer", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock className="host-dock" />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("checkbox", { name: /Tests/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Question 3 of 3")).toBeInTheDocument();
  });
});

describe("given a host that renders Next in a portal outside the panel", () => {
  it("should still take the focus to the shown question when Next is pressed without an answer", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <QuestionDock.Root>
        <QuestionDock.Body />
        {createPortal(<QuestionDock.Next />, document.body)}
      </QuestionDock.Root>,
      { prompts: [threeStepRecord] },
    );
    const next = screen.getByRole("button", { name: "Next" });
    expect(region()).not.toContainElement(next);
    await user.click(next);
    expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus();
  });
});

describe("given a host that passes its own ref", () => {
  it("should hand the dock's Root element to it", () => {
    const ref = createRef<HTMLElement>();
    renderWithStore(<QuestionDock ref={ref} />, { prompts: [threeStepRecord] });
    expect(ref.current).toBe(region());
  });

  it("should hand the card's element to it", () => {
    const ref = createRef<HTMLElement>();
    renderWithStore(<QuestionCard ref={ref} />, { prompts: [threeStepRecord] });
    expect(ref.current).toBe(region());
  });
});
