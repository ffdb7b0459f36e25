import { describe, expect, it } from "vitest";
import { withoutEmailAddresses } from "./redact";

describe("withoutEmailAddresses", () => {
  it("drops every address from an SMTP server's answer and keeps the rest", () => {
    expect(withoutEmailAddresses("550 5.1.1 <bob.smith+x@mail.example.org>: Recipient address rejected")).toBe(
      "550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(withoutEmailAddresses("to ada@example.com, leo@example.de")).toBe("to [address], [address]");
  });

  it("leaves text without addresses alone", () => {
    expect(withoutEmailAddresses("421 Service not available @ 10:00")).toBe("421 Service not available @ 10:00");
  });
});
