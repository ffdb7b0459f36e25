import { describe, expect, it } from "vitest";
import { messageParts } from "./links";

describe("messageParts", () => {
  it("keeps plain text as one part", () => {
    expect(messageParts("hello there")).toEqual([{ kind: "text", text: "hello there" }]);
  });

  it("turns http and https URLs into links and leaves closing punctuation as text", () => {
    expect(messageParts("see https://example.com/a?b=1. and http://x.org)")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ". and " },
      { kind: "link", text: "http://x.org", href: "http://x.org" },
      { kind: "text", text: ")" },
    ]);
  });

  it("never links other schemes", () => {
    expect(messageParts("javascript:alert(1) data:text/html,x ftp://x")).toEqual([
      { kind: "text", text: "javascript:alert(1) data:text/html,x ftp://x" },
    ]);
  });
});
