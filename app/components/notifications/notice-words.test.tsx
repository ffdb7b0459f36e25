import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NoticeWords } from "./notice-words";

const html = (text: string, skill?: { name: string; own: boolean }) =>
  renderToStaticMarkup(<NoticeWords text={text} skill={skill} />);

describe("NoticeWords (decision 109)", () => {
  it("shows a member's isolated name as a <bdi>, and no isolate mark as text", () => {
    expect(html("\u2068Ahmed 42\u2069 mentioned you")).toBe('<bdi translate="no">Ahmed 42</bdi> mentioned you');
    expect(html("أشار إليك \u2068Ahmed 42\u2069")).toBe('أشار إليك <bdi translate="no">Ahmed 42</bdi>');
  });

  it("in Arabic, a skill named from the taxonomy is the catalogue's, an own tag and an amount are not translated", () => {
    const text = "\u2068Ana\u2069 \u2068غيتار\u2069 \u206840 SP\u2069";
    expect(html(text, { name: "غيتار", own: false })).toBe(
      '<bdi translate="no">Ana</bdi> <bdi>غيتار</bdi> <bdi translate="no">40 SP</bdi>',
    );
    expect(html("\u2068Bonsai pruning\u2069 (60 min)", { name: "Bonsai pruning", own: true })).toBe(
      '<bdi translate="no">Bonsai pruning</bdi> (60 min)',
    );
  });

  it("leaves a sentence without isolates as it is", () => {
    expect(html("You received 200 SP")).toBe("You received 200 SP");
  });
});
