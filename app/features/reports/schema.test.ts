import { describe, expect, it } from "vitest";
import { reportSchema } from "./schema";

describe("reportSchema", () => {
  it("drops bidirectional controls from the explanation, so the queue reads it as typed", () => {
    const parsed = reportSchema.parse({
      targetKind: "post",
      targetId: "p1",
      contextId: "t1",
      reason: "spam",
      text: " see \u202Eexe.png\u202C and \u2066this\u2069 ",
    });
    expect(parsed.text).toBe("see exe.png and this");
  });
});
