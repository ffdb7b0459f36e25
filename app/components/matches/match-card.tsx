import type { TFunction } from "i18next";
import { memo, type FormEvent } from "react";
import type { MatchCard as MatchCardData } from "~/features/matches/matches.server";
import type { Presence } from "~/features/members/presence";
import { formatDate, formatNumber, formatSp, isolated, listFormat, ONE_DECIMAL, SHORT_DATE_TIME } from "~/utils/format";
import { presenceText } from "../chat/presence-text";
import { Avatar } from "../members/avatar";
import { nameTranslate } from "../members/isolated-name";
import {
  MemberActionForms,
  memberActionLabels,
  type MemberActionLabels,
  type MemberActionsPending,
} from "../members/member-actions";
import { chipLevelNames, SkillChipList, type ChipLevelNames } from "../members/skill-chips";

/**
 * A card's words that are the same on every card, in the page's language. The page asks for them
 * once (useMemo on its two t's, which change only with the language): each card asked for them
 * itself, a dozen t() calls a card, about a hundred a view of eight (issue 28, decision 151).
 * Texts with a member's name, count or time in them are still written by each card.
 */
export type MatchCardLabels = {
  teaches: string;
  twoWay: string;
  ratingNone: string;
  rateSeparator: string;
  free: string;
  noSlot: string;
  book: string;
  chipLevels: ChipLevelNames;
  actions: MemberActionLabels;
};

export const matchCardLabels = (t: TFunction<"chat">, tMembers: TFunction<"members">): MatchCardLabels => ({
  teaches: t("matches.card.teaches"),
  twoWay: t("matches.card.twoWay"),
  ratingNone: t("rating.none"),
  rateSeparator: t("matches.card.rateSeparator"),
  free: t("matches.card.free"),
  noSlot: t("matches.card.noSlot"),
  book: t("matches.card.book"),
  chipLevels: chipLevelNames(tMembers),
  actions: memberActionLabels(tMembers),
});

export type MatchCardProps = Omit<MatchCardData, "presence" | "reason"> &
  MemberActionsPending & {
    presence: Presence;
    now: number;
    /** The viewer's zone, the one the next free slot is shown in. */
    timeZone: string;
    /** The page's one handler of every card's Save and Message forms (useMemberActions). */
    onMemberAction: (event: FormEvent<HTMLFormElement>) => void;
    /**
     * The page's "chat" and "members" t, asked for once a page: a card's five useTranslation calls
     * (card, its locale, reason, chips, actions) were 40 a view, each a context read, state and, once hydrated, a
     * listener on the i18n instance (decision 144). Both change with the language, so memo still
     * draws the card again on a switch.
     */
    t: TFunction<"chat">;
    tMembers: TFunction<"members">;
    /** The reader's Intl locale (useFormatLocale, itself one more useTranslation a card before). */
    locale: string;
    /** The page's matchCardLabels, the same object until the language changes (so memo holds). */
    labels: MatchCardLabels;
  };

/** English keeps the booking pages' "Mon 9 Mar, 10:00" (en-GB), as formatDateTime writes it. */
const slotLocale = (locale: string) => (locale === "en-IE" ? "en-GB" : locale);

/** Lists of skill labels held at once: a page of cards asks for a few dozen; more is another page's. */
const KEPT_LISTS = 500;
const keptLists = new Map<string, readonly { type: string; value: string }[]>();

/**
 * `labels` joined as the reader's language joins a list, in parts (each label an "element"). Kept
 * per locale and list: cards of the same skills ask for the same parts, and formatToParts was the
 * card's dearest own call (1.3 % of a /matches view's CPU in process, decision 185).
 */
export function listParts(labels: readonly string[], locale: string): readonly { type: string; value: string }[] {
  // Each label with its length before it: no two lists share a key, whatever a typed label holds.
  let key = locale;
  for (const label of labels) key += `|${label.length}:${label}`;
  let parts = keptLists.get(key);
  if (!parts) {
    if (keptLists.size >= KEPT_LISTS) keptLists.clear();
    parts = Object.freeze(listFormat(locale).formatToParts(labels));
    keptLists.set(key, parts);
  }
  return parts;
}

/** Skill labels as their members wrote them, joined as the reader's language joins a list. */
function SkillList({ labels, locale }: { labels: string[]; locale: string }) {
  const parts = listParts(labels, locale);
  return (
    <>
      {parts.map((part, i) =>
        part.type === "element" ? (
          <bdi key={i} translate="no">
            {part.value}
          </bdi>
        ) : (
          part.value
        ),
      )}
    </>
  );
}

/** Where the reason's two skill lists go in its sentence: characters no translation contains. */
const MARK_T = "\u2063";
const MARK_L = "\u2064";
/** Made once: a RegExp built per card cost every card its compilation (issue 28, decision 121). */
const AT_MARKS = new RegExp(`(${MARK_T}|${MARK_L})`);

/**
 * Why they match: "Teaches X, wants to learn Y — you teach Y", in the reader's language. The
 * sentence's words are text beside the lists' <bdi>s, with no element around each piece: a
 * <span> per piece (seven a card) carried nothing and cost every card's render (decision 121).
 */
function Reason({ fit, locale, t }: { fit: MatchCardData["fit"]; locale: string; t: TFunction<"chat"> }) {
  const key =
    fit.teaches.length && fit.learns.length
      ? "matches.reason.both"
      : fit.teaches.length
        ? "matches.reason.teaches"
        : fit.learns.length
          ? "matches.reason.learns"
          : "matches.reason.new";
  const text = t(key, { teaches: MARK_T, learns: MARK_L, count: fit.teaches.length });
  return (
    <>
      {text
        .split(AT_MARKS)
        .map((piece, i) =>
          piece === MARK_T ? (
            <SkillList key={i} labels={fit.teaches} locale={locale} />
          ) : piece === MARK_L ? (
            <SkillList key={i} labels={fit.learns} locale={locale} />
          ) : (
            piece
          ),
        )}
    </>
  );
}

/**
 * Drawn again only when its own props change: each router update that leaves the loader's data as
 * it is (lazy route discovery's patch just after hydration, a fetcher starting) drew all the cards
 * again otherwise, most of the page's components (decision 120). Its two links are plain `<a>`s: the
 * list it is drawn in takes their clicks into the app (`useAppLinks`, decision 188).
 */
export const MatchCard = memo(function MatchCard({
  member,
  presence,
  fit,
  twoWay,
  saved,
  rate,
  nextSlot,
  now,
  timeZone,
  savePending,
  messagePending,
  onMemberAction,
  t,
  tMembers,
  locale,
  labels,
}: MatchCardProps) {
  const lastSeen = presenceText(t, presence, now);
  return (
    // Named by its heading, the member's name as written, not by a copy in aria-label.
    <article className="card flex flex-col gap-3" aria-labelledby={`match-${member.uid}`}>
      <div className="flex items-start gap-3">
        <Avatar src={member.avatar} presence={presence} presenceLabel={lastSeen} />
        <div className="min-w-0 flex-1">
          <h2 id={`match-${member.uid}`} className="text-base font-semibold leading-snug">
            {/* A plain <a>: the page's one listener (useAppLinks) navigates in the app, as a Link did. It
                holds the name alone, so it isolates it itself (dir="auto", as a <bdi> does): a <bdi> inside
                it was one more element a card (decision 205). */}
            <a
              className="hover:text-brand-700 hover:underline"
              dir="auto"
              translate={nameTranslate(member.name)}
              data-discover="true"
              href={`/members/${member.uid}`}
            >
              {member.name.text}
            </a>
          </h2>
          <p className="text-xs text-slate-500">
            {lastSeen} · <bdi translate="no">{member.timezone}</bdi>
          </p>
          <p className="text-xs text-slate-600">
            {member.rating.average === null
              ? labels.ratingNone
              : t("rating.stars", {
                  average: formatNumber(member.rating.average, locale, ONE_DECIMAL),
                  count: member.rating.count,
                })}
          </p>
          {/* Under the name, so a long name is never cut short to make room for it. */}
          {twoWay ? (
            <span className="mt-1.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
              {labels.twoWay}
            </span>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-slate-700">
        <Reason fit={fit} locale={locale} t={t} />
      </p>
      {/* The label's negative margin takes the card's gap down to the 4 px it had in a wrapper <div>
          of its own, one element a card fewer (decision 205). */}
      {member.skillsOffered.length ? (
        <>
          <p className="-mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{labels.teaches}</p>
          <SkillChipList skills={member.skillsOffered} levels={labels.chipLevels} />
        </>
      ) : null}
      {rate ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-800">
              <bdi translate="no">{rate.label}</bdi>
              {labels.rateSeparator}
              {rate.sp === 0 ? labels.free : t("matches.card.perHour", { sp: formatSp(rate.sp, locale) })}
            </p>
            <p className="text-xs text-slate-600">
              {nextSlot === null
                ? labels.noSlot
                : t("matches.card.nextSlot", {
                    when: formatDate(nextSlot, slotLocale(locale), timeZone, SHORT_DATE_TIME),
                  })}
            </p>
          </div>
          {/* A match is a listed member, so always their own name: isolated as decision 119 does, without
              nameInPlainText, whose module would be one more script file on /matches (decision 117). */}
          <a
            className="btn-primary"
            aria-label={t("matches.card.bookLabel", { name: isolated(member.name.text) })}
            data-discover="true"
            href={`/calendar?book=${member.uid}`}
          >
            {labels.book}
          </a>
        </div>
      ) : null}
      {/* The row takes the card's placing itself: a wrapper <div> a card carried nothing else (decision 158). */}
      <MemberActionForms
        uid={member.uid}
        saved={saved}
        name={member.name.text}
        compact
        savePending={savePending}
        messagePending={messagePending}
        onSubmit={onMemberAction}
        t={tMembers}
        labels={labels.actions}
        className="mt-auto pt-1"
      />
    </article>
  );
});
