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
      title: "Hi",
      body: "",
      link: "/notifications",
      read: false,
      timestamp: 0,
    });
  });
});
