import { describe, expect, it } from "vitest";
import english from "../../../locales/en/common.json";
import { stepsForScreen, hasLocalTourFlag, shouldStartTour, tourSteps, validateSteps } from "./tour";

describe("tourSteps", () => {
  it("visits the spec's targets in the spec's order", () => {
    expect(tourSteps.map((step) => step.target)).toEqual([
      '[data-tour="dashboard-button"]',
      '[data-tour="wallet"]',
      '[data-tour="profile-menu"]',
      '[data-tour="activity-widget"]',
      '[data-tour="matches-widget"]',
      '[data-tour="calendar-widget"]',
      '[data-tour="level-widget"]',
      '[data-tour="nav-matches"]',
      '[data-tour="nav-chat"]',
      '[data-tour="nav-calendar"]',
      '[data-tour="nav-progress"]',
      '[data-tour="nav-community"]',
    ]);
  });

  it("gives every step a title and a sentence that explains it, in the English catalogue", () => {
    const steps = (english.tour as { steps: Record<string, { title: string; content: string }> }).steps;
    for (const step of tourSteps) {
      expect(steps[step.id]?.title.trim()).not.toBe("");
      expect(steps[step.id]?.content.length).toBeGreaterThan(30);
    }
  });

  it("passes its own validation", () => {
    expect(validateSteps(tourSteps)).toEqual({ valid: true, steps: tourSteps });
  });
});

describe("validateSteps", () => {
  it("accepts an array of objects that each have a target", () => {
    expect(validateSteps([{ target: "#a" }, { target: ".b", title: "B" }]).valid).toBe(true);
    expect(validateSteps([]).valid).toBe(true);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["an object", { target: "#a" }],
    ["a string", "#a"],
  ])("refuses %s instead of an array", (_, steps) => {
    expect(validateSteps(steps)).toEqual({ valid: false, reason: "steps must be an array" });
  });

  it.each([
    ["null", null],
    ["a string", "#a"],
    ["a number", 3],
    ["an array", ["#a"]],
  ])("refuses a step that is %s", (_, step) => {
    expect(validateSteps([{ target: "#a" }, step])).toEqual({ valid: false, reason: "step 1 must be an object" });
  });

  it.each([
    ["no target", { title: "x" }],
    ["an empty target", { target: "" }],
    ["a blank target", { target: "  " }],
    ["a non-string target", { target: 42 }],
  ])("refuses a step with %s", (_, step) => {
    expect(validateSteps([step])).toEqual({ valid: false, reason: "step 0 has no target" });
  });
});

describe("shouldStartTour", () => {
  it("starts for a signed-in user who has not completed it anywhere", () => {
    expect(shouldStartTour({ signedIn: true, tourCompleted: false, localFlag: false })).toBe(true);
  });

  it.each([
    ["signed out", { signedIn: false, tourCompleted: false, localFlag: false }],
    ["completed on the profile", { signedIn: true, tourCompleted: true, localFlag: false }],
    ["flagged in this browser", { signedIn: true, tourCompleted: false, localFlag: true }],
    ["both", { signedIn: true, tourCompleted: true, localFlag: true }],
  ])("does not start when %s", (_, input) => {
    expect(shouldStartTour(input)).toBe(false);
  });
});

describe("hasLocalTourFlag", () => {
  const storage = (values: Record<string, string>) => (key: string) => values[key] ?? null;

  it("is set by either local flag with the value 1", () => {
    expect(hasLocalTourFlag(storage({ tour_done: "1" }))).toBe(true);
    expect(hasLocalTourFlag(storage({ tourCompleted: "1" }))).toBe(true);
  });

  it("is absent without a flag or with another value", () => {
    expect(hasLocalTourFlag(storage({}))).toBe(false);
    expect(hasLocalTourFlag(storage({ tour_done: "0", tourCompleted: "true" }))).toBe(false);
  });
});

describe("stepsForScreen", () => {
  it("keeps the navigation steps beside the sidebar on wide screens and puts them above the bottom bar on phones", () => {
    const wide = stepsForScreen(tourSteps, true);
    const phone = stepsForScreen(tourSteps, false);
    expect(wide).toEqual(tourSteps);
    expect(phone).toHaveLength(tourSteps.length);
    expect(phone[0]).toEqual(tourSteps[0]);
    const matches = tourSteps.findIndex((s) => s.target === '[data-tour="nav-matches"]');
    // One navigation for both widths (decision 175): the same anchor, found once, at either width.
    expect(wide[matches]).toMatchObject({ target: '[data-tour="nav-matches"]', placement: "right" });
    expect(phone[matches]).toMatchObject({ target: '[data-tour="nav-matches"]', placement: "top" });
    expect(phone.filter((step) => step.placement === "top")).toHaveLength(5);
  });
});
