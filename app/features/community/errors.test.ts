import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { ForumError, forumErrorText, THREAD_NOT_FOUND } from "./errors";

const text = (error: ForumError, language: string) =>
  forumErrorText(error, fixedT(language, "community"), intlLocale(language));

describe("forumErrorText", () => {
  it("writes a refusal in the reader's language, English word for word", () => {
    const error = new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
    expect(text(error, "en")).toBe(THREAD_NOT_FOUND);
    expect(text(error, "es")).toBe("Este hilo no existe o se ha ocultado.");
  });

  it("puts the wait and the counts into the message through Intl", () => {
    const limited = new ForumError(
      429,
      "You have posted a lot in the last minute. Wait 5 seconds and try again.",
      "tooManyPostsMinute",
      {
        waitMs: 4_200,
      },
    );
    expect(text(limited, "en")).toBe(limited.message);
    // Intl puts a no-break space between a figure and its unit in French.
    expect(text(limited, "fr")).toMatch(
      /^Vous avez beaucoup publié dans la dernière minute\. Attendez 5\s+secondes et réessayez\.$/,
    );
    const mentions = new ForumError(400, "…", "tooManyMentions", { max: 10, count: 12 });
    expect(text(mentions, "en")).toBe("A post can mention at most 10 members; this one mentions 12.");
  });

  it("shows a refusal without a key as it is", () => {
    expect(text(new ForumError(400, "Links wait a day."), "ar")).toBe("Links wait a day.");
  });
});
