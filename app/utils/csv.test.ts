import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/parse-csv";
import { csvLine, csvLines, toCsv } from "./csv";

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

  it("escapes a formula after a tab or carriage return at the start, and =cmd| payloads", () => {
    expect(csvLine(["\t=1+1", "\r=1", "=cmd|' /C calc'!A0"])).toBe("'\t=1+1,\"'\r=1\",'=cmd|' /C calc'!A0\r\n");
  });

  it("writes numbers as numbers, negative ones included", () => {
    expect(toCsv(["amount"], [[-50], [12]])).toBe("amount\r\n-50\r\n12\r\n");
  });

  it("round-trips names with commas, quotes and line breaks through a spreadsheet's reading", () => {
    const names = ['Smith, "Jo"', "two\nlines", "crlf\r\nin it", '""', ",", "plain", "Zoë 🚀"];
    const parsed = parseCsv(
      toCsv(
        ["name", "n"],
        names.map((name, i) => [name, i]),
      ),
    );
    expect(parsed).toEqual([["name", "n"], ...names.map((name, i) => [name, String(i)])]);
  });
});

describe("csvLines", () => {
  it("yields the header and then one line per row as the rows come, the same text as toCsv", async () => {
    async function* rows() {
      yield ["a, b", 1];
      yield ["=x", null];
    }
    const lines: string[] = [];
    for await (const line of csvLines(["name", "n"], rows())) lines.push(line);
    expect(lines).toEqual(["name,n\r\n", '"a, b",1\r\n', "'=x,\r\n"]);
    expect(lines.join("")).toBe(
      toCsv(
        ["name", "n"],
        [
          ["a, b", 1],
          ["=x", null],
        ],
      ),
    );
  });
});
