import { describe, expect, it } from "vitest";
import { notificationPath, notificationsOf, readNotification } from "./notifications";

describe("notifications/{uid}/messages/{id}", () => {
  it("names its paths once", () => {
    expect(notificationsOf("u1")).toBe("notifications/u1/messages");
    expect(notificationPath("u1", "n1")).toBe("notifications/u1/messages/n1");
  });

  it("reads an old or malformed notification with defaults and drops unknown fields", () => {
    expect(readNotification({ id: "n1", data: { title: "Hi", read: "yes", link: "", extra: 1 } })).toEqual({
      id: "n1",
      type: "",
      kind: "",
      params: {},
      title: "Hi",
      body: "",
      link: "/notifications",
      read: false,
      timestamp: 0,
    });
  });

  it("keeps a kind's string and number parameters and drops any other value", () => {
    const n = readNotification({
      id: "n2",
      data: { kind: "booking_requested", params: { skill: "Cello", minutes: 60, bad: { x: 1 }, nan: Number.NaN } },
    });
    expect(n.kind).toBe("booking_requested");
    expect(n.params).toEqual({ skill: "Cello", minutes: 60 });
    expect(readNotification({ id: "n3", data: { params: "x" } }).params).toEqual({});
  });
});
