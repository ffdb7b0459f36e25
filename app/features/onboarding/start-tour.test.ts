import { afterEach, describe, expect, it, vi } from "vitest";
import { START_TOUR_EVENT, isTourHome, startTour, tourRequested, withoutTourParam } from "./start-tour";

describe("tour requests in the URL", () => {
  it("recognises ?tour=1 only", () => {
    expect(tourRequested("?tour=1")).toBe(true);
    expect(tourRequested("?wb=350&tour=1")).toBe(true);
    expect(tourRequested("?tour=0")).toBe(false);
    expect(tourRequested("")).toBe(false);
  });

  it("strips the request and keeps the other parameters", () => {
    expect(withoutTourParam("?tour=1")).toBe("");
    expect(withoutTourParam("?wb=350&tour=1")).toBe("?wb=350");
    expect(withoutTourParam("?a=1&tour=1&b=2")).toBe("?a=1&b=2");
  });

  it("knows the dashboard with or without a trailing slash", () => {
    expect(isTourHome("/dashboard")).toBe(true);
    expect(isTourHome("/dashboard/")).toBe(true);
    expect(isTourHome("/settings")).toBe(false);
  });
});

describe("startTour", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the start event on the dashboard", () => {
    const target = new EventTarget();
    const heard = vi.fn();
    target.addEventListener(START_TOUR_EVENT, heard);
    vi.stubGlobal("window", target);
    const navigate = vi.fn();
    startTour("/dashboard", navigate);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("goes to the dashboard with a tour request from elsewhere", () => {
    const navigate = vi.fn();
    startTour("/settings", navigate);
    expect(navigate).toHaveBeenCalledWith("/dashboard?tour=1");
  });
});
