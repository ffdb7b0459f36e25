import { describe, expect, it } from "vitest";
import { MAX_DISTINCT_TOKENS, MAX_QUERY_TOKENS, matchScore, queryTokens, termCounts, tokenize } from "./text-search";

describe("tokenize", () => {
  it("splits on anything but letters and digits, lower-cases and drops accents", () => {
    expect(tokenize("Café-au-lait: Rust's 2nd EDITION!")).toEqual(["cafe", "au", "lait", "rust", "2nd", "edition"]);
  });

  it("keeps non-Latin words and drops one-letter ones", () => {
    expect(tokenize("я учу Python и 日本語 a b")).toEqual(["учу", "python", "日本語"]);
  });

  it("cuts very long words to a prefix", () => {
    expect(tokenize("x".repeat(100))[0]).toHaveLength(40);
  });

  it("reads Markdown and HTML as words, not markup", () => {
    expect(tokenize("**bold** <script>alert(1)</script> [link](https://example.com)")).toEqual([
      "bold",
      "script",
      "alert",
      "script",
      "link",
      "https",
      "example",
      "com",
    ]);
  });
});

describe("queryTokens", () => {
  it("is distinct words, longest first, capped", () => {
    expect(queryTokens("go rust Go kotlin")).toEqual(["kotlin", "rust", "go"]);
    expect(queryTokens("aa bb cc dd ee ff gg hh ii jj")).toHaveLength(MAX_QUERY_TOKENS);
    expect(queryTokens("! ?")).toEqual([]);
  });
});

describe("termCounts", () => {
  it("counts each word, most frequent first, and the text's length", () => {
    expect(termCounts("rust go rust RUST go swift")).toEqual({
      tokens: ["rust", "go", "swift"],
      counts: [3, 2, 1],
      length: 6,
    });
  });

  it("keeps at most MAX_DISTINCT_TOKENS distinct words", () => {
    const text = Array.from({ length: MAX_DISTINCT_TOKENS + 50 }, (_, i) => `w${i}`).join(" ");
    expect(termCounts(text).tokens).toHaveLength(MAX_DISTINCT_TOKENS);
  });
});

describe("matchScore", () => {
  it("ranks more occurrences higher, with diminishing returns", () => {
    const once = matchScore(["rust"], termCounts("rust and other things here"));
    const twice = matchScore(["rust"], termCounts("rust and rust things here"));
    const many = matchScore(["rust"], termCounts("rust rust rust rust rust"));
    expect(twice).toBeGreaterThan(once);
    expect(many).toBeGreaterThan(twice);
    expect(many - twice).toBeLessThan((twice - once) * 3);
  });

  it("ranks a short text above a long one with the same count", () => {
    const short = matchScore(["rust"], termCounts("rust lessons"));
    const long = matchScore(["rust"], termCounts(`rust ${"filler ".repeat(200)}`));
    expect(short).toBeGreaterThan(long);
  });

  it("is 0 unless every word is present", () => {
    expect(matchScore(["rust", "go"], termCounts("rust only"))).toBe(0);
    expect(matchScore(["rust", "go"], termCounts("go with rust"))).toBeGreaterThan(0);
  });
});
