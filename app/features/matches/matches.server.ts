/**
 * Finds and ranks a member's matches from the skill index: one collection read per skill of
 * theirs, then only the page's profiles.
 *
 * What grows with the community is kept apart from what changes every minute (issue 28,
 * bench:growth): the candidates and their ratings are kept in the read cache until a skill index,
 * rating or profile they came from is written; presence is read on every request, but only of the
 * members online or seen within the ranking's recent window, since older activity lifts nobody.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { readStatus, STATUS } from "~/documents/status";
import { RATINGS } from "~/documents/reviews";
import { SKILL_INDEX, skillHoldersOf } from "~/documents/skills";
import { readTeaching, teachingPath } from "~/documents/bookings";
import { nextFreeSlots } from "~/features/bookings/views.server";
import { getMembers, getPresences, getRatings } from "~/features/members/members.server";
import { getUser, readUser, USERS } from "~/documents/users";
import { isListedMember, type PublicMember } from "~/features/members/member";
import { lastSeenIn, presenceOf, type Presence } from "~/features/members/presence";
import { isSaved } from "~/features/members/saved.server";
import { membersWithSkill, type SkillIndexDoc } from "~/features/skills/skills.server";
import { normaliseTag, type Skill } from "~/features/skills/tags";
import { skillNamer, type ShownSkill } from "~/features/skills/skill-names.server";
import { findSkillNamed } from "~/features/skills/taxonomy";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { listFormat } from "~/utils/format";
import { rankedPage, rankMatches, RECENT_WINDOW_MS, type Candidate, type RankedMatch, type SkillFit } from "./rank";

/** Members shown to someone with no skills yet (and no filter): the newest, so the page is never bare. */
const NEWCOMER_SAMPLE = 60;

export interface MatchFilters {
  skill?: string;
  onlineOnly?: boolean;
  page?: number;
  /** Cards per page; the dashboard widget asks for only the few it shows. */
  pageSize?: number;
  /** Look up each bookable mentor's next free slot: the matches page shows it, the dashboard widget does not. */
  nextSlot?: boolean;
  /** The reader's language: skill names of the taxonomy in it, and `skill` may be typed in it (default English). */
  language?: string;
}

export interface MatchCard {
  /** Their skills named in the reader's language (a member's own tag as written). */
  member: Omit<PublicMember, "skillsOffered" | "skillsWanted"> & {
    skillsOffered: ShownSkill<Skill>[];
    skillsWanted: ShownSkill<Skill>[];
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

async function collectCandidates(
  store: DocStore,
  uid: string,
  offered: Skill[],
  wanted: Skill[],
  skillFilter: string,
): Promise<Map<string, Candidate>> {
  const candidates = new Map<string, Candidate>();
  const entry = (other: string) => {
    let c = candidates.get(other);
    if (!c) candidates.set(other, (c = { uid: other, teaches: [], learns: [], online: false, lastActive: 0 }));
    return c;
  };
  const teachTags = new Set(wanted.map((s) => s.tag));
  if (skillFilter) teachTags.add(skillFilter);
  const reads: Promise<void>[] = [];
  for (const tag of teachTags) {
    reads.push(
      membersWithSkill(store, tag, "teachers").then((docs: SkillIndexDoc[]) => {
        for (const d of docs) if (d.uid !== uid) entry(d.uid).teaches.push({ tag, label: d.label, level: d.level });
      }),
    );
  }
  for (const mine of offered) {
    reads.push(
      membersWithSkill(store, mine.tag, "learners").then((docs) => {
        for (const d of docs)
          if (d.uid !== uid) entry(d.uid).learns.push({ tag: mine.tag, label: mine.label, level: d.level });
      }),
    );
  }
  await Promise.all(reads);
  // Index reads finish in any order; sort each list so reasons read the same every time.
  const byTag = (a: SkillFit, b: SkillFit) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);
  for (const c of candidates.values()) {
    c.teaches.sort(byTag);
    c.learns.sort(byTag);
  }
  return candidates;
}

async function newestMembers(store: DocStore, uid: string): Promise<Map<string, Candidate>> {
  const docs = await store.query({ collection: USERS, orderBy: [["createdAt", "desc"]], limit: NEWCOMER_SAMPLE });
  const out = new Map<string, Candidate>();
  for (const d of docs) {
    if (d.id === uid || !isListedMember(readUser(d.data))) continue;
    out.set(d.id, { uid: d.id, teaches: [], learns: [], online: false, lastActive: 0 });
  }
  return out;
}

/**
 * The member's candidates with their ratings, ranked as if nobody were online or seen lately:
 * kept until one of the skill lists they were read from, a rating, or (for a member with no
 * skills, who sees the newest) a profile is written. The key names the member's skills, so a
 * change of theirs is a new entry.
 */
function rankedCandidates(
  store: DocStore,
  uid: string,
  offered: Skill[],
  wanted: Skill[],
  skill: string,
): Promise<{ absent: readonly RankedMatch[]; byUid: ReadonlyMap<string, RankedMatch> }> {
  const newcomer = offered.length === 0 && wanted.length === 0 && !skill;
  const teachTags = [...new Set([...wanted.map((s) => s.tag), ...(skill ? [skill] : [])])];
  const lists = [
    ...teachTags.map((tag) => `${skillHoldersOf(tag, "teachers")}/`),
    ...offered.map((s) => `${skillHoldersOf(s.tag, "learners")}/`),
  ];
  const dependsOn = (path: string) =>
    path.startsWith(`${RATINGS}/`) ||
    (newcomer
      ? path.startsWith(`${USERS}/`)
      : path.startsWith(`${SKILL_INDEX}/`) && lists.some((l) => path.startsWith(l)));
  const key = `matches:${uid}:${skill}:${teachTags.join(",")}:${offered.map((s) => `${s.tag}=${s.label}`).join(",")}`;
  return cachedRead(store, key, dependsOn, async () => {
    let candidates = newcomer
      ? await newestMembers(store, uid)
      : await collectCandidates(store, uid, offered, wanted, skill);
    if (skill) {
      candidates = new Map(
        [...candidates].filter(
          ([, c]) => c.teaches.some((f) => f.tag === skill) || c.learns.some((f) => f.tag === skill),
        ),
      );
    }
    const ratings = await getRatings(store, [...candidates.keys()]);
    // Without presence no score depends on the time, so the order holds until a document changes.
    const absent = rankMatches(
      [...candidates.values()].map((c) => ({ ...c, rating: ratings.get(c.uid) })),
      0,
    );
    return { absent, byUid: new Map(absent.map((m) => [m.uid, m])) };
  });
}

/** Who is online now or was seen within the ranking's recent window, whatever the community's size. */
async function recentPresences(store: DocStore, now: number): Promise<Map<string, Presence>> {
  const [online, recent] = await Promise.all([
    store.query({ collection: STATUS, where: [["state", "==", "online"]] }),
    store.query({ collection: STATUS, where: [["last_changed", ">=", now - RECENT_WINDOW_MS]] }),
  ]);
  return new Map([...recent, ...online].map((d) => [d.id, presenceOf(readStatus(d.data, now))]));
}

export async function findMatches(
  store: DocStore,
  uid: string,
  filters: MatchFilters = {},
  now = Date.now(),
): Promise<MatchesPage> {
  const me = await getUser(store, uid);
  const offered = me?.skillsOffered ?? [];
  const wanted = me?.skillsWanted ?? [];
  const names = skillNamer(filters.language ?? SOURCE_LANGUAGE);
  // "guitarra" or "js" filters by the taxonomy's tag; anything else by the tag it would be.
  const skill = filters.skill
    ? (findSkillNamed(filters.skill, names.taxonomyNames())?.tag ?? normaliseTag(filters.skill))
    : "";
  const noSkills = offered.length === 0 && wanted.length === 0;

  const [{ absent, byUid }, recent] = await Promise.all([
    rankedCandidates(store, uid, offered, wanted, skill),
    recentPresences(store, now),
  ]);
  const seen = new Map([...recent].map(([id, p]) => [id, { online: p.online, lastActive: p.lastChanged }]));
  const { items, page, pages, total } = rankedPage(absent, byUid, seen, now, {
    page: filters.page,
    size: filters.pageSize,
    onlineOnly: filters.onlineOnly,
  });
  const uids = items.map((m) => m.uid);
  const [members, saved, teaching, presences] = await Promise.all([
    getMembers(store, uids),
    isSaved(store, uid, uids),
    store.getAll(uids.map(teachingPath)),
    getPresences(store, uids),
  ]);
  const teachingOf = new Map(uids.map((id, i) => [id, readTeaching(teaching[i]?.data)]));
  const rates = new Map(uids.map((id) => [id, teachingOf.get(id)!.rates]));
  const bookable = items.filter((m) => matchedRate(m.teaches, rates.get(m.uid) ?? {}, names.name) !== null);
  const nextSlots = filters.nextSlot
    ? await nextFreeSlots(
        store,
        bookable.map((m) => m.uid),
        now,
      )
    : new Map<string, number>();
  const cards = items
    .map((m) => ({ m, member: members.get(m.uid)! }))
    .filter(({ member }) => !member.deleted)
    .map(({ m, member }) => ({
      member: {
        ...member,
        skillsOffered: names.skills(member.skillsOffered),
        skillsWanted: names.skills(member.skillsWanted),
      },
      presence: presences.get(m.uid) ?? { online: false, lastChanged: 0 },
      fit: {
        teaches: m.teaches.map((f) => names.name(f.tag, f.label)),
        learns: m.learns.map((f) => names.name(f.tag, f.label)),
      },
      twoWay: m.twoWay,
      saved: saved.has(m.uid),
      rate: matchedRate(m.teaches, rates.get(m.uid) ?? {}, names.name),
      nextSlot: nextSlots.get(m.uid) ?? null,
    }));
  return { cards, page, pages, total, noSkills };
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

/** The dashboard widget's few best matches, with why in the reader's language. */
export async function topMatches(store: DocStore, uid: string, language: string = SOURCE_LANGUAGE, count = 3) {
  const { cards } = await findMatches(store, uid, { pageSize: count, language });
  const t = fixedT(language, "members");
  const now = Date.now();
  return cards.map(({ member, fit, presence }) => ({
    member: { uid: member.uid, fullName: member.fullName, avatar: member.avatar },
    reason: reasonText(fit, language),
    presence,
    presenceLabel: lastSeenIn((key, values) => t(key, values), presence, now),
  }));
}
