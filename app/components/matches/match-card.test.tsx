import * as ReactI18next from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { listParts, MatchCard, matchCardLabels, type MatchCardProps } from "./match-card";
import { renderIn } from "../../../tests/support/render-in";

// Counts the hook's calls while it still answers as it does.
vi.mock("react-i18next", async (original) =>
  (await import("../../../tests/support/render-stand-ins")).withCountedUseTranslation(
    await original<typeof import("react-i18next")>(),
  ),
);

/** Every key a card's t's are asked for, in order, while each still answers as it does. */
const asked: string[] = [];
const counting = <T,>(t: T): T =>
  ((key: string, ...rest: unknown[]) => {
    asked.push(key);
    return (t as (key: string, ...rest: unknown[]) => string)(key, ...rest);
  }) as T;

/** The page's t's, made once a language, as react-i18next keeps them until the language changes. */
const pageT = (language: string) => {
  const i18n = i18nFor(language);
  const t = counting(i18n.getFixedT(language, "chat"));
  const tMembers = counting(i18n.getFixedT(language, "members"));
  return { t, tMembers, labels: matchCardLabels(t, tMembers) };
};

const card = (i: number, language: string, { t, tMembers, labels } = pageT(language)): MatchCardProps => {
  return {
    member: {
      uid: `m${i}`,
      name: { text: `Ana ${i}`, own: true },
      avatar: "/avatars/a.png",
      timezone: "Europe/Madrid",
      rating: { average: 4.5, count: 2 },
      skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert", own: false }],
    },
    presence: { online: true, lastSeen: 0 },
    fit: { teaches: ["Guitar"], learns: [] },
    twoWay: false,
    saved: false,
    rate: { label: "Guitar", sp: 40 },
    nextSlot: null,
    now: 0,
    timeZone: "Europe/Madrid",
    savePending: undefined,
    messagePending: false,
    onMemberAction: () => {},
    t,
    tMembers,
    locale: intlLocale(language),
    labels,
  } as unknown as MatchCardProps;
};

const page = (language: string, shared = pageT(language)) =>
  renderIn(
    language,
    <>
      {Array.from({ length: 8 }, (_, i) => (
        <MatchCard key={i} {...card(i, language, shared)} />
      ))}
    </>,
  );

describe("a page of match cards (issue 28, decision 144)", () => {
  it("asks for no translation hook of its own: the page's t, members t and locale are passed in", () => {
    const useTranslation = vi.mocked(ReactI18next.useTranslation);
    useTranslation.mockClear();
    const html = page("en");
    // Before: five a card (the card, its locale, the reason, the chips, the actions), 40 for eight.
    expect(useTranslation).not.toHaveBeenCalled();
    expect(html.match(/<article /g)).toHaveLength(8);
    expect(html).toContain('Teaches <bdi translate="no">Guitar</bdi>');
    expect(html).toContain("</bdi>· expert</li>");
    expect(html).toContain(">Save<");
    expect(html).toContain('aria-label="Message \u2068Ana 7\u2069"');
  });

  it("draws each language's words from the t it is given", () => {
    const html = page("es");
    expect(html).toContain(">Guardar<");
    expect(html).not.toContain(">Save<");
  });
});

describe("a page of match cards' fixed words (issue 28, decision 151)", () => {
  it("asks for the words every card shares once a page, and each card only for its own", () => {
    const shared = pageT("en");
    asked.length = 0;
    const html = page("en", shared);
    // Each card: its last-seen line, its rating, its reason, its rate, its Book and Message names.
    // Before: also Teaches, the rate's separator, No free hour, Book, the chip's level, Save and
    // Message on every card, 7 more a card (104 calls for eight, not 48).
    expect(new Set(asked)).toEqual(
      new Set([
        "presence.online",
        "rating.stars",
        "matches.reason.teaches",
        "matches.card.perHour",
        "matches.card.bookLabel",
        "actions.messageLabel",
      ]),
    );
    expect(asked).toHaveLength(8 * 6);
    // The same words on every card, as before.
    expect(html.match(/>Teaches</g)).toHaveLength(8);
    expect(html.match(/<\/bdi>· expert<\/li>/g)).toHaveLength(8);
    expect(html.match(/>No free hour in the next two weeks</g)).toHaveLength(8);
    expect(html.match(/>Book</g)).toHaveLength(8);
    expect(html.match(/>Save</g)).toHaveLength(8);
    expect(html.match(/>Message</g)).toHaveLength(8);
  });

  it("draws the shared words in the page's language", () => {
    const html = page("es");
    expect(html.match(/>Guardar</g)).toHaveLength(8);
    expect(html.match(/<\/bdi>· experto<\/li>/g)).toHaveLength(8);
    expect(html).not.toContain(">Teaches<");
  });
});

describe("a card's Save and Message forms (issue 28, decision 167)", () => {
  it("send their member as the submitting button's value, with no hidden input for it", () => {
    const html = page("en");
    // The Save form's intent, one a card: the member was a hidden input in each form.
    expect(html.match(/<input/g)).toHaveLength(8);
    for (let i = 0; i < 8; i++) {
      // Save's name is the word and the member's name, which stays member content (translate="no").
      expect(html).toContain(
        `<button type="submit" name="uid" value="m${i}" class="btn-secondary px-3 py-1.5 text-sm" aria-pressed="false">Save<span class="sr-only" translate="no"> \u2068Ana ${i}\u2069</span></button>`,
      );
      // Message posts to its own action from the same form (decision 205).
      expect(html).toContain(`<button type="submit" formaction="/api/chat/open" name="uid" value="m${i}"`);
    }
  });
});

describe("a card's links (issue 28, decision 188)", () => {
  it("are plain anchors that Remix's route discovery finds, as its Link wrote them", () => {
    const html = page("en");
    for (let i = 0; i < 8; i++) {
      expect(html).toContain(
        `<a class="hover:text-brand-700 hover:underline" dir="auto" translate="no" data-discover="true" href="/members/m${i}">Ana ${i}</a>`,
      );
      expect(html).toContain(
        `<a class="btn-primary" aria-label="Book \u2068Ana ${i}\u2069" data-discover="true" href="/calendar?book=m${i}">Book</a>`,
      );
    }
  });
});

describe("a reason's skill lists (issue 28, decision 185)", () => {
  it("are the language's own list parts, asked of Intl once a locale and list", () => {
    const lists = [["Guitar"], ["Guitar", "Piano"], ["React", "SQL", "Español"], []];
    for (const locale of ["en-IE", "es", "fr", "ar"]) {
      const format = new Intl.ListFormat(locale, { type: "conjunction" });
      for (const labels of lists) {
        const parts = listParts(labels, locale);
        expect(parts).toEqual(format.formatToParts(labels));
        // Kept: the same answer, frozen, as every card with that list shares it.
        expect(listParts([...labels], locale)).toBe(parts);
        expect(Object.isFrozen(parts)).toBe(true);
      }
    }
    const made = vi.spyOn(Intl.ListFormat.prototype, "formatToParts");
    listParts(["Chess", "Go"], "en-IE");
    listParts(["Chess", "Go"], "en-IE");
    listParts(["Chess", "Go"], "es");
    expect(made).toHaveBeenCalledTimes(2);
    made.mockRestore();
  });

  it("never answers one list with another's parts, whatever the labels hold", () => {
    expect(listParts(["a|1:b"], "en-IE").filter((p) => p.type === "element")).toHaveLength(1);
    expect(listParts(["a", "b"], "en-IE").filter((p) => p.type === "element")).toHaveLength(2);
    expect(listParts(["a", "b"], "es")).not.toBe(listParts(["a", "b"], "en-IE"));
  });

  it("still draw each label in its own <bdi> with the language's words between", () => {
    expect(page("es")).toContain('Enseña <bdi translate="no">Guitar</bdi>');
  });
});

describe("a card's elements (issue 28, decision 205)", () => {
  it("are only those that draw or name something: no wrapper for spacing, no test ids", () => {
    const html = renderIn("en", <MatchCard {...card(0, "en")} />);
    // 38 elements a card on main before (a card of /matches' bench member): the name's <bdi> inside
    // its link, the chips' level <span>s, the Teaches label's wrapper, the presence dot's <span>, and
    // the actions' <div> and second <form> are gone; this card (one chip, a rate) had 33 and has 27.
    expect(html.match(/<[a-z][a-z0-9]*/g)).toHaveLength(27);
    expect(html).not.toContain("data-testid");
    // The name isolates itself in its link; the chip's level is its text after the name's <bdi>.
    expect(html).toContain('dir="auto" translate="no" data-discover="true" href="/members/m0">Ana 0</a>');
    expect(html).toContain('<li class="chip bg-emerald-50 text-emerald-800"><bdi>Guitar</bdi>· expert</li>');
    // The presence is the picture's box, an image named by the last-seen words.
    expect(html).toMatch(/<span data-online="true" title="Online" aria-label="Online" role="img" class="presence /);
    // One form: Save's, with Message posting to its own action.
    expect(html.match(/<form /g)).toHaveLength(1);
  });
});
