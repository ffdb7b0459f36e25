import { describe, expect, it } from "vitest";
import { languageCode, languagesLine } from "./languages";

describe("languagesLine (decision 079)", () => {
  it("keeps English word for word", () => {
    expect(languagesLine(["Spanish", "English"], "en-IE")).toBe("Spanish, English");
  });

  it("names the languages in the reader's locale, whatever language they were written in", () => {
    expect(languagesLine(["Spanish", "English"], "fr")).toBe("espagnol et anglais");
    expect(languagesLine(["español", "pt"], "es")).toBe("español y portugués");
    expect(languagesLine(["Spanish", "English"], "ar")).toBe("الإسبانية والإنجليزية");
  });

  it("shows what Intl does not know as the member wrote it", () => {
    expect(languageCode("Klingon")).toBeUndefined();
    expect(languagesLine(["Klingon", "french"], "fr")).toBe("Klingon et français");
  });
});
