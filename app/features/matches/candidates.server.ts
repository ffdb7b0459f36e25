/**
 * Who may be matched with a member, read from the skill index and ranked as if nobody were present:
 * one collection read per skill of theirs, then only the profiles and ratings of those the lists
 * name. Kept in the read cache until a skill list, rating or profile they came from is written
 * (issue 28, bench:growth): what grows with the community is kept apart from presence, which
 * `ranked-page.server.ts` reads on every request.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { RATINGS, ratingPath } from "~/documents/reviews";
import { SKILL_INDEX, skillHoldersOf } from "~/documents/skills";
import { readUser, userPath, USERS } from "~/documents/users";
import { getRatings } from "~/features/members/members.server";
import { isListedMember } from "~/features/members/member";
import { membersWithSkill, type SkillRole } from "~/features/skills/skills.server";
import type { Skill, SkillLevel } from "~/features/skills/tags";
import { rankMatches, type Candidate, type RankedMatch, type SkillFit } from "./rank";
import { membersRead, type MembersRead } from "./members-read.server";

/** Members shown to someone with no skills yet (and no filter): the newest, so the page is never bare. */
const NEWCOMER_SAMPLE = 60;

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
export function candidatesDependOn(
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
export interface RankedCandidates {
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
export async function rankedCandidates(
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
