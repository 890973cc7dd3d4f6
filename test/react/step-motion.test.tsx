import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { STEP_TRANSITION_MS } from "../../src/react/motion";
import { threeStepRecord } from "../../src/testing/fixtures";
import { renderWithStore, stubMediaQueries } from "./support";

function emulateMotionPreference(reduce: boolean) {
  stubMediaQueries((query) => reduce && query.includes("prefers-reduced-motion: reduce"));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function goToStepTwo() {
  const animate = vi.fn();
  Object.defineProperty(HTMLFieldSetElement.prototype, "animate", {
    configurable: true,
    value: animate,
  });
  const user = userEvent.setup();
  renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
  await user.click(screen.getByRole("radio", { name: /Production/ }));
  expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
  Reflect.deleteProperty(HTMLFieldSetElement.prototype, "animate");
  return animate;
}

describe("given a step change", () => {
  it("should slide the new question in briefly, from the side it comes from", async () => {
    emulateMotionPreference(false);
    const animate = await goToStepTwo();
    expect(animate).toHaveBeenCalledTimes(1);
    const [keyframes, timing] = animate.mock.calls[0] ?? [];
    expect(keyframes).toEqual([{ transform: "translateX(12px)" }, { transform: "none" }]);
    expect(timing).toMatchObject({ duration: STEP_TRANSITION_MS });
  });

  it("should not move at all under reduced motion", async () => {
    emulateMotionPreference(true);
    const animate = await goToStepTwo();
    expect(animate).not.toHaveBeenCalled();
  });
});
