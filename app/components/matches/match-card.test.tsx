import type { AnchorHTMLAttributes, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import * as ReactI18next from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { MatchCard, type MatchCardProps } from "./match-card";

// Counts the hook's calls while it still answers as it does.
vi.mock("react-i18next", async (original) => {
  const real = await original<typeof import("react-i18next")>();
  return { ...real, useTranslation: vi.fn(real.useTranslation) };
});
// A card's links without a Remix app around them: the href is what a person follows.
vi.mock("@remix-run/react", () => ({
  Link: ({ to, children, ...props }: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) => (
    <a href={to} {...props}>
      {children}
    </a>
  ),
}));

const card = (i: number, language: string): MatchCardProps => {
  const i18n = i18nFor(language);
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
    t: i18n.getFixedT(language, "chat"),
    tMembers: i18n.getFixedT(language, "members"),
    locale: intlLocale(language),
  } as unknown as MatchCardProps;
};

const page = (language: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(language)}>
      {Array.from({ length: 8 }, (_, i) => (
        <MatchCard key={i} {...card(i, language)} />
      ))}
    </I18nextProvider>,
  );

describe("a page of match cards (issue 28, decision 144)", () => {
  it("asks for no translation hook of its own: the page's t, members t and locale are passed in", () => {
    const useTranslation = vi.mocked(ReactI18next.useTranslation);
    useTranslation.mockClear();
    const html = page("en");
    // Before: five a card (the card, its locale, the reason, the chips, the actions), 40 for eight.
    expect(useTranslation).not.toHaveBeenCalled();
    expect(html.match(/data-testid="match-card"/g)).toHaveLength(8);
    expect(html).toContain('Teaches <bdi translate="no">Guitar</bdi>');
    expect(html).toContain(">· expert</span>");
    expect(html).toContain(">Save<");
    expect(html).toContain('aria-label="Message \u2068Ana 7\u2069"');
  });

  it("draws each language's words from the t it is given", () => {
    const html = page("es");
    expect(html).toContain(">Guardar<");
    expect(html).not.toContain(">Save<");
  });
});
