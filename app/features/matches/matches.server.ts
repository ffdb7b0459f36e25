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
import { leaseEndOf, readStatus, STATUS, statusPath, type StatusDoc } from "~/documents/status";
import { RATINGS, ratingPath } from "~/documents/reviews";
import { SKILL_INDEX, skillHoldersOf } from "~/documents/skills";
import { keptTeaching } from "~/features/bookings/teaching.server";
import { nextFreeSlots } from "~/features/bookings/views.server";
import { getPresences, getRatings, keptProfile, missingNames } from "~/features/members/members.server";
import { getUser, getUsers, readUser, userPath, USERS, type UserProfile } from "~/documents/users";
import { isListedMember, publicMember, type PublicMember } from "~/features/members/member";
import { lastSeenIn, presenceOf, type Presence } from "~/features/members/presence";
import { isSaved } from "~/features/members/saved.server";
import { membersWithSkill, type SkillRole } from "~/features/skills/skills.server";
import { normaliseTag, type Skill, type SkillLevel } from "~/features/skills/tags";
import { skillNamer, type ShownSkill } from "~/features/skills/skill-names.server";
import { findSkillNamed } from "~/features/skills/taxonomy";
import { fixedT } from "~/i18n/i18n.server";
import { listFormat } from "~/utils/format";
import {
  rankedPage,
  rankMatches,
  recencyHoldsUntil,
  RECENT_WINDOW_MS,
  type Candidate,
  type RankedMatch,
  type SkillFit,
} from "./rank";
import { membersRead, type MembersRead } from "./members-read.server";

/** Members shown to someone with no skills yet (and no filter): the newest, so the page is never bare. */
const NEWCOMER_SAMPLE = 60;

/** The skills a card shows of what its member teaches: the first few, as they listed them. */
const SKILLS_ON_A_CARD = 5;

export interface MatchFilters {
  skill?: string;
  onlineOnly?: boolean;
  page?: number;
  /** Cards per page; the dashboard widget asks for only the few it shows. */
  pageSize?: number;
  /** Look up each bookable mentor's next free slot: the matches page shows it, the dashboard widget does not. */
  nextSlot?: boolean;
  /** The reader's language: skill names of the taxonomy in it, and `skill` may be typed in it. */
  language: string;
}

/** What ranks and cuts a page: the filters with `skill` already a tag, so no reader's language is needed. */
type RankFilters = Pick<MatchFilters, "onlineOnly" | "page" | "pageSize"> & { skillTag?: string };

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

/** A member on a skill list whom others may find, with their rating. */
interface ListedHolder {
  uid: string;
  /** The label they typed for the skill. */
  label: string;
  level: SkillLevel;
  rating?: { count: number; average: number };
}

/** One skill list as the matches rank from it: who may be shown, and whom it named at all. */
interface KeptHolders {
  /** Those not deleted, suspended or unnamed, with their ratings, in the list's order. */
  listed: readonly ListedHolder[];
  /** The uid of everyone the list names, shown or not. */
  named: readonly string[];
  /** Their profiles' and ratings' paths: what the list was read from beyond itself. */
  readFrom: ReadonlySet<string>;
}

/**
 * The members on one skill list (who teach `tag`, or want to learn it) whom others may find, with
 * their ratings, kept per list in the read cache and shared by every viewer whose skills name it
 * (issue 28, decision 135): each viewer's first request read and parsed the profile and rating of
 * every candidate again, about 800 of them among 10,000 members. Kept until the list, or the profile
 * or rating of a member it names, is written (any profile or rating until they are known).
 */
async function keptSkillHolders(
  store: DocStore,
  readMembers: MembersRead,
  tag: string,
  role: SkillRole,
): Promise<KeptHolders> {
  const list = `${skillHoldersOf(tag, role)}/`;
  const known: { value?: KeptHolders } = {};
  const value = await cachedRead(
    store,
    `skill-holders:${role}:${tag}`,
    (path) =>
      path.startsWith(list) ||
      (known.value ? known.value.readFrom.has(path) : path.startsWith(`${USERS}/`) || path.startsWith(`${RATINGS}/`)),
    async (): Promise<KeptHolders> => {
      const holders = await membersWithSkill(store, tag, role);
      const uids = holders.map((h) => h.uid);
      const read = await readMembers(uids);
      return {
        listed: holders
          .map((h, i) => ({ uid: h.uid, label: h.label, level: h.level, rating: read[i].rating }))
          .filter((_, i) => isListedMember(read[i].profile)),
        named: uids,
        readFrom: new Set(uids.flatMap((uid) => [userPath(uid), ratingPath(uid)])),
      };
    },
  );
  known.value = value;
  return value;
}

/** A member's candidates: only those others may find, with their ratings; and whom the lists named at all. */
interface Candidates {
  candidates: Candidate[];
  named: string[];
}

async function collectCandidates(
  store: DocStore,
  uid: string,
  offered: readonly Skill[],
  teachTags: readonly string[],
): Promise<Candidates> {
  const candidates = new Map<string, Candidate>();
  const named = new Set<string>();
  const entry = ({ uid: other, rating }: ListedHolder) => {
    let c = candidates.get(other);
    if (!c) candidates.set(other, (c = { uid: other, teaches: [], learns: [], online: false, lastActive: 0, rating }));
    return c;
  };
  // Their skills I want to learn (their labels), and mine they want to learn (my labels).
  const sources = [
    ...teachTags.map((tag) => ({ tag, role: "teachers" as const, myLabel: "" })),
    ...offered.map((mine) => ({ tag: mine.tag, role: "learners" as const, myLabel: mine.label })),
  ];
  // Every list is asked for before any of them reads its members (see membersRead).
  const readMembers = membersRead(store);
  const lists = await Promise.all(sources.map(({ tag, role }) => keptSkillHolders(store, readMembers, tag, role)));
  lists.forEach(({ listed, named: onList }, i) => {
    const { tag, role, myLabel } = sources[i];
    for (const other of onList) if (other !== uid) named.add(other);
    for (const h of listed) {
      if (h.uid === uid) continue;
      if (role === "teachers") entry(h).teaches.push({ tag, label: h.label, level: h.level });
      else entry(h).learns.push({ tag, label: myLabel, level: h.level });
    }
  });
  // Sort each list by tag so reasons read the same whatever the order of the member's skills.
  const byTag = (a: SkillFit, b: SkillFit) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);
  for (const c of candidates.values()) {
    c.teaches.sort(byTag);
    c.learns.sort(byTag);
  }
  return { candidates: [...candidates.values()], named: [...named] };
}

async function newestMembers(store: DocStore, uid: string): Promise<Candidates> {
  const docs = await store.query({ collection: USERS, orderBy: [["createdAt", "desc"]], limit: NEWCOMER_SAMPLE });
  const uids = docs.filter((d) => d.id !== uid && isListedMember(readUser(d.data))).map((d) => d.id);
  const ratings = await getRatings(store, uids);
  return {
    candidates: uids.map((id) => ({
      uid: id,
      teaches: [],
      learns: [],
      online: false,
      lastActive: 0,
      rating: ratings.get(id),
    })),
    named: uids,
  };
}

/**
 * Whether a write to `path` can change the candidates of a member who teaches `offered` and looks
 * for teachers of `teachTags`, or their ratings: the skill lists they are read from, any rating,
 * the profiles of the members those lists named (one deleted, suspended or reinstated leaves or
 * comes back; any profile while `profiles` is not known yet), and for a member with no skills (who
 * sees the newest) any profile.
 */
function candidatesDependOn(
  offered: readonly Skill[],
  teachTags: readonly string[],
  newcomer: boolean,
  profiles?: ReadonlySet<string>,
) {
  const lists = [
    ...teachTags.map((tag) => `${skillHoldersOf(tag, "teachers")}/`),
    ...offered.map((s) => `${skillHoldersOf(s.tag, "learners")}/`),
  ];
  return (path: string) =>
    path.startsWith(`${RATINGS}/`) ||
    (path.startsWith(`${USERS}/`) && (newcomer || !profiles || profiles.has(path))) ||
    (!newcomer && path.startsWith(`${SKILL_INDEX}/`) && lists.some((l) => path.startsWith(l)));
}

/** A member's candidates, ranked, and the profiles read to know which of them may be shown. */
interface RankedCandidates {
  absent: readonly RankedMatch[];
  byUid: ReadonlyMap<string, RankedMatch>;
  /** The `users/{uid}` paths of everyone the skill lists named, shown or not. */
  profiles: ReadonlySet<string>;
}

/**
 * The member's candidates with their ratings, ranked as if nobody were online or seen lately, and
 * only those others may find (not deleted, suspended or unnamed): filtered before any page is
 * cut, so each page holds its eight cards and the count is theirs. Kept until one of the skill
 * lists they were read from, a rating, the profile of someone those lists named, or (for a member
 * with no skills, who sees the newest) any profile is written. The key names the member's skills,
 * so a change of theirs is a new entry.
 */
async function rankedCandidates(
  store: DocStore,
  uid: string,
  offered: Skill[],
  wanted: Skill[],
  skill: string,
): Promise<RankedCandidates> {
  const newcomer = offered.length === 0 && wanted.length === 0 && !skill;
  const teachTags = [...new Set([...wanted.map((s) => s.tag), ...(skill ? [skill] : [])])];
  // Until the value is known, any profile counts; then only those its lists named.
  let dependsOn = candidatesDependOn(offered, teachTags, newcomer);
  const key = `matches:${uid}:${skill}:${teachTags.join(",")}:${offered.map((s) => `${s.tag}=${s.label}`).join(",")}`;
  const value = await cachedRead(
    store,
    key,
    (path) => dependsOn(path),
    async (): Promise<RankedCandidates> => {
      const { candidates, named } = newcomer
        ? await newestMembers(store, uid)
        : await collectCandidates(store, uid, offered, teachTags);
      const shown = skill
        ? candidates.filter((c) => c.teaches.some((f) => f.tag === skill) || c.learns.some((f) => f.tag === skill))
        : candidates;
      // Without presence no score depends on the time, so the order holds until a document changes.
      const absent = rankMatches(shown, 0);
      return { absent, byUid: new Map(absent.map((m) => [m.uid, m])), profiles: new Set(named.map(userPath)) };
    },
  );
  dependsOn = candidatesDependOn(offered, teachTags, newcomer, value.profiles);
  return value;
}

/**
 * Who is online now or was seen within the ranking's recent window, whatever the community's size,
 * as the documents stand (parsed by `presentCandidates`).
 */
async function recentStatusDocs(store: DocStore, now: number) {
  const [online, recent] = await Promise.all([
    store.query({ collection: STATUS, where: [["state", "==", "online"]] }),
    store.query({ collection: STATUS, where: [["last_changed", ">=", now - RECENT_WINDOW_MS]] }),
  ]);
  return [...recent, ...online];
}

/**
 * The statuses of the candidates among `docs` (`recentStatusDocs`): only theirs are parsed, since
 * nobody else is ranked (bench:matches' 10,000 members: about 2,600 present, a few hundred of
 * them a viewer's candidates; decision 135).
 */
function presentCandidates(
  docs: readonly { id: string; data: Record<string, unknown> }[],
  byUid: ReadonlyMap<string, RankedMatch>,
  now: number,
): Map<string, StatusDoc> {
  return new Map(docs.filter((d) => byUid.has(d.id)).map((d) => [d.id, readStatus(d.data, now)]));
}

/** Whose matches: the member and their profile as the request already holds it (the session's). */
export interface Viewer {
  uid: string;
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted"> | null;
}

/** One page of the member's matches, ranked at `now`, with what it was ranked from. */
async function rankedMatchesPage(store: DocStore, { uid, profile }: Viewer, filters: RankFilters, now: number) {
  const offered = profile?.skillsOffered ?? [];
  const wanted = profile?.skillsWanted ?? [];
  const skill = filters.skillTag ?? "";
  const [{ absent, byUid, profiles }, recentDocs] = await Promise.all([
    rankedCandidates(store, uid, offered, wanted, skill),
    recentStatusDocs(store, now),
  ]);
  const recent = presentCandidates(recentDocs, byUid, now);
  const seen = new Map(
    [...recent].map(([id, s]) => [id, { online: s.state === "online", lastActive: s.last_changed }]),
  );
  const ranked = rankedPage(absent, byUid, seen, now, {
    page: filters.page,
    size: filters.pageSize,
    onlineOnly: filters.onlineOnly,
  });
  return { ...ranked, offered, wanted, byUid, profiles, recent };
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
  const [profiles, saved, teachings, presences] = await Promise.all([
    Promise.all(uids.map((id) => keptProfile(store, id))),
    isSaved(store, uid, uids),
    Promise.all(uids.map((id) => keptTeaching(store, id))),
    getPresences(store, uids),
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
      saved: saved.has(m.uid),
      rate: matchedRate(m.teaches, rates.get(m.uid) ?? {}, names.name),
      nextSlot: nextSlots.get(m.uid) ?? null,
    };
  });
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

/** What the widget's kept matches were read from, beyond the member's own profile. */
interface TopMatchesReads {
  /** Whether a path is one their candidates are read from: a skill list, a rating (or any profile, for a newcomer). */
  candidates: (path: string) => boolean;
  /** The paths no prefix names: the candidates' statuses and the profiles of the members found. */
  paths: ReadonlySet<string>;
}

/** The dashboard widget's matches before they are worded: who, why (as tags and labels), their presence. */
interface TopMatches {
  items: {
    /** Their profile as read (null: gone), made into a name and picture per reader (decision 093). */
    member: { uid: string; profile: UserProfile | null };
    fit: Pick<RankedMatch, "teaches" | "learns">;
    presence: Presence;
  }[];
  /** Until when the order holds with no write (ms epoch): the first change of a recency bonus, or a lease's end. */
  holdsUntil: number;
  reads: TopMatchesReads;
}

/**
 * Every input of the widget's matches, as a test of a written path; until a value is known
 * (`reads` undefined) any path of the kind counts. matches.server.test.ts fails with any one left out.
 */
const TOP_MATCHES_DEPEND_ON: readonly ((path: string, uid: string, reads?: TopMatchesReads) => boolean)[] = [
  // The member's own profile: their skills.
  (path, uid) => path === userPath(uid),
  // Their candidates: the skill lists, the ratings, the newest members for a member without skills.
  (path, _uid, reads) =>
    reads
      ? reads.candidates(path)
      : path.startsWith(`${SKILL_INDEX}/`) || path.startsWith(`${RATINGS}/`) || path.startsWith(`${USERS}/`),
  // A candidate's presence (it ranks, and the dots show it), and the profiles of the members found.
  (path, _uid, reads) =>
    (path.startsWith(`${STATUS}/`) || path.startsWith(`${USERS}/`)) && (!reads || reads.paths.has(path)),
];

/**
 * The widget's best matches of `uid`, kept per member in the read cache (decision 037; issue 28,
 * decision 090) until a write that can change them: the member's own profile (their skills), the
 * skill lists their candidates come from, any rating, for a member with no skills any profile
 * (they see the newest), a candidate's status, and the profiles of the members found (names,
 * pictures, a deleted member). The order also moves with time alone, as someone's last visit ages
 * out of the recency bonus or a lease runs out: the kept value is refused from that moment on.
 */
async function keptTopMatches(store: DocStore, uid: string, count: number, now: number): Promise<TopMatches> {
  const known: { reads?: TopMatchesReads } = {};
  const dependsOn = (path: string) => TOP_MATCHES_DEPEND_ON.some((depends) => depends(path, uid, known.reads));
  const value = await cachedRead(
    store,
    `top-matches:${uid}:${count}`,
    dependsOn,
    async (): Promise<TopMatches> => {
      const { items, offered, wanted, byUid, profiles, recent } = await rankedMatchesPage(
        store,
        { uid, profile: await getUser(store, uid) },
        { pageSize: count },
        now,
      );
      const uids = items.map((m) => m.uid);
      const [found, statuses] = await Promise.all([getUsers(store, uids), getStatuses(store, uids, now)]);
      let holdsUntil = Infinity;
      for (const [id, status] of [...recent, ...statuses]) {
        const leaseEnd = leaseEndOf(status);
        if (leaseEnd !== null) holdsUntil = Math.min(holdsUntil, leaseEnd - 1);
        if (status.state !== "online" && recent.has(id))
          holdsUntil = Math.min(holdsUntil, recencyHoldsUntil(status.last_changed, now));
      }
      const teachTags = [...new Set(wanted.map((s) => s.tag))];
      return {
        items: items.map((m, i) => ({
          member: { uid: m.uid, profile: found[i] },
          fit: { teaches: m.teaches, learns: m.learns },
          presence: presenceOf(statuses.get(m.uid)!),
        })),
        holdsUntil,
        reads: {
          candidates: candidatesDependOn(offered, teachTags, offered.length === 0 && teachTags.length === 0, profiles),
          paths: new Set([...[...byUid.keys()].map(statusPath), ...uids.map(userPath)]),
        },
      };
    },
    (kept) => now <= kept.holdsUntil,
  );
  known.reads = value.reads;
  return value;
}

async function getStatuses(store: DocStore, uids: readonly string[], now: number): Promise<Map<string, StatusDoc>> {
  const docs = await store.getAll(uids.map(statusPath));
  return new Map(uids.map((id, i) => [id, readStatus(docs[i]?.data, now)]));
}

/** The dashboard widget's few best matches, with why in the reader's language. */
export async function topMatches(store: DocStore, uid: string, language: string, count = 3, now = Date.now()) {
  const { items } = await keptTopMatches(store, uid, count, now);
  const names = skillNamer(language);
  const t = fixedT(language, "members");
  const missing = missingNames(language);
  return items.map(({ member, fit, presence }) => {
    const { name, avatar } = publicMember(member.uid, member.profile, missing);
    return {
      member: { uid: member.uid, name, avatar },
      reason: reasonText(
        {
          teaches: fit.teaches.map((f) => names.name(f.tag, f.label)),
          learns: fit.learns.map((f) => names.name(f.tag, f.label)),
        },
        language,
      ),
      presence,
      presenceLabel: lastSeenIn((key, values) => t(key, values), presence, now),
    };
  });
}
