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

  it("writes the first-day rule on links, the forum's and the board's, in the reader's language (decision 078)", () => {
    const links = new ForumError(400, "…", "firstDayLinks", { max: 2 });
    expect(text(links, "en")).toBe(
      "In your first day on SkillSwap a post can hold at most 2 links. Remove some and try again.",
    );
    expect(text(links, "fr")).toBe(
      "Pendant votre premier jour sur SkillSwap, une publication peut contenir au plus 2 liens. Retirez-en et réessayez.",
    );
    const posts = new ForumError(429, "…", "firstDayLinkPosts", { count: 5, waitMs: 3 * 3_600_000 });
    expect(text(posts, "en")).toBe(
      "In your first day you can post links 5 times. Wait 180 minutes, or post without links.",
    );
    expect(text(posts, "ar")).toMatch(/^في يومك الأول يمكنك نشر روابط 5 مرات\. انتظر .+، أو انشر دون روابط\.$/);
  });
});
