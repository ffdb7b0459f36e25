import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks, and writes objects as JSON", () => {
    const csv = toCsv(
      ["a", "b", "c"],
      [
        ["x, y", 'say "hi"', { balance: 5 }],
        ["line\nbreak", null, 3],
      ],
    );
    expect(csv).toBe('a,b,c\r\n"x, y","say ""hi""","{""balance"":5}"\r\n"line\nbreak",,3\r\n');
  });

  it("keeps member-written text from running as a spreadsheet formula", () => {
    expect(toCsv(["reason"], [['=HYPERLINK("http://evil")'], ["+1"], ["-2"], ["@SUM(A1)"]])).toBe(
      'reason\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'-2\r\n\'@SUM(A1)\r\n',
    );
  });

  it("writes numbers as numbers, negative ones included", () => {
    expect(toCsv(["amount"], [[-50], [12]])).toBe("amount\r\n-50\r\n12\r\n");
  });
});
