/**
 * A member's matches page: the ranked page (`ranked-page.server.ts`) made into cards in the
 * reader's language, with each card's rate, next free hour and whether the viewer saved them.
 */
import { savedMemberPath } from "~/documents/users";
import { keptUntilWritten } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { keptTeaching } from "~/features/bookings/teaching.server";
import { nextFreeSlots } from "~/features/bookings/views.server";
import { keptPresences, keptProfile, missingNames } from "~/features/members/members.server";
import { publicMember, type PublicMember } from "~/features/members/member";
import type { Presence } from "~/features/members/presence";
import { isSaved } from "~/features/members/saved.server";
import { normaliseTag, type Skill } from "~/features/skills/tags";
import { skillNamer, type ShownSkill } from "~/features/skills/skill-names.server";
import { findSkillNamed } from "~/features/skills/taxonomy";
import { fixedT } from "~/i18n/i18n.server";
import { listFormat } from "~/utils/format";
import type { SkillFit } from "./rank";
import { rankedMatchesPage, type RankFilters, type Viewer } from "./ranked-page.server";

/** The skills a card shows of what its member teaches: the first few, as they listed them. */
const SKILLS_ON_A_CARD = 5;

/** The matches page's filters, as the reader gave them (`skill` in their words, not yet a tag). */
export interface MatchFilters extends Omit<RankFilters, "skillTag"> {
  skill?: string;
  /** Look up each bookable mentor's next free slot: the matches page shows it, the dashboard widget does not. */
  nextSlot?: boolean;
  /** The reader's language: skill names of the taxonomy in it, and `skill` may be typed in it. */
  language: string;
}

export interface MatchCard {
  /**
   * Only what the card draws, so the page sends no more (issue 28, decision 113): the first
   * `SKILLS_ON_A_CARD` skills they teach, named in the reader's language (a member's own tag as written).
   */
  member: Pick<PublicMember, "uid" | "name" | "avatar" | "timezone" | "rating"> & {
    skillsOffered: ShownSkill<Skill>[];
  };
  presence: Presence;
  /** The reason's parts, in the reader's language: their names for what they teach, mine for what they want to learn. */
  fit: { teaches: string[]; learns: string[] };
  twoWay: boolean;
  saved: boolean;
  /** The rate of the matched skill they teach (the lowest, when several match); null when not bookable. */
  rate: { label: string; sp: number } | null;
  /** The start of their next free hour in the booking panel's two weeks (null when none, or not bookable). */
  nextSlot: number | null;
}

export interface MatchesPage {
  cards: MatchCard[];
  page: number;
  pages: number;
  total: number;
  /** The viewer has no skills on their profile yet. */
  noSkills: boolean;
}

/**
 * The matches page of `viewer` in the reader's `filters.language`: skills and a member with no name
 * are named in it. The viewer's profile is the caller's (the session's): read again here, it cost
 * a statement and a parse a request (decision 104).
 */
export async function findMatches(
  store: DocStore,
  viewer: Viewer,
  filters: MatchFilters,
  now = Date.now(),
): Promise<MatchesPage> {
  const { uid } = viewer;
  const names = skillNamer(filters.language);
  // "guitarra" or "js" filters by the taxonomy's tag; anything else by the tag it would be.
  const skillTag = filters.skill
    ? (findSkillNamed(filters.skill, names.taxonomyNames())?.tag ?? normaliseTag(filters.skill))
    : undefined;
  const { items, page, pages, total, offered, wanted } = await rankedMatchesPage(
    store,
    viewer,
    { ...filters, skillTag },
    now,
  );
  const noSkills = offered.length === 0 && wanted.length === 0;
  const uids = items.map((m) => m.uid);
  // Each card's profile and teaching document as kept per member (decisions 083, 088): parsed once
  // per write, shared by every viewer, and no statement a request after the request's one look.
  // The page's saved marks and presences likewise, until one of its documents is written (decision 159).
  const [profiles, saved, teachings, presences] = await Promise.all([
    Promise.all(uids.map((id) => keptProfile(store, id))),
    keptSaved(store, uid, uids),
    Promise.all(uids.map((id) => keptTeaching(store, id))),
    keptPresences(store, uids),
  ]);
  const missing = missingNames(filters.language);
  const rates = new Map(uids.map((id, i) => [id, teachings[i].rates]));
  const bookable = items.filter((m) => matchedRate(m.teaches, rates.get(m.uid) ?? {}, names.name) !== null);
  const nextSlots = filters.nextSlot
    ? await nextFreeSlots(
        store,
        bookable.map((m) => m.uid),
        now,
      )
    : new Map<string, number>();
  const cards = items.map((m, i) => {
    const { name, avatar, timezone, rating, skillsOffered } = publicMember(m.uid, profiles[i], missing);
    return {
      member: {
        uid: m.uid,
        name,
        avatar,
        timezone,
        rating,
        skillsOffered: names.skills(skillsOffered.slice(0, SKILLS_ON_A_CARD)),
      },
      presence: presences.get(m.uid) ?? { online: false, lastChanged: 0 },
      fit: {
        teaches: m.teaches.map((f) => names.name(f.tag, f.label)),
        learns: m.learns.map((f) => names.name(f.tag, f.label)),
      },
      twoWay: m.twoWay,
      saved: saved.includes(m.uid),
      rate: matchedRate(m.teaches, rates.get(m.uid) ?? {}, names.name),
      nextSlot: nextSlots.get(m.uid) ?? null,
    };
  });
  return { cards, page, pages, total, noSkills };
}

/**
 * Which of `others` the viewer saved, kept per viewer and page until one of those saves is written:
 * the page's cards read the same eight documents on every view (decision 159).
 */
function keptSaved(store: DocStore, uid: string, others: readonly string[]): Promise<readonly string[]> {
  return keptUntilWritten(
    store,
    `matches-saved:${uid}:${others.join(",")}`,
    others.map((other) => savedMemberPath(uid, other)),
    async () => [...(await isSaved(store, uid, others))],
  );
}

function matchedRate(
  teaches: readonly SkillFit[],
  rates: Record<string, number>,
  name: (tag: string, label: string) => string,
): MatchCard["rate"] {
  const priced = teaches
    .filter((f) => rates[f.tag] !== undefined)
    .map((f) => ({ label: name(f.tag, f.label), sp: rates[f.tag] }));
  return priced.sort((a, b) => a.sp - b.sp)[0] ?? null;
}

/**
 * Why they match in one line, in the reader's language: the matches page's words (namespace
 * "chat", matches.reason), skill names joined as the language joins a list.
 */
export function reasonText(fit: MatchCard["fit"], language: string): string {
  const t = fixedT(language, "chat");
  const list = listFormat(language);
  const values = { teaches: list.format(fit.teaches), learns: list.format(fit.learns), count: fit.teaches.length };
  if (fit.teaches.length && fit.learns.length) return t("matches.reason.both", values);
  if (fit.teaches.length) return t("matches.reason.teaches", values);
  if (fit.learns.length) return t("matches.reason.learns", values);
  return t("matches.reason.new");
}
