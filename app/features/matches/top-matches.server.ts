/**
 * The dashboard widget's few best matches, kept per member until a write or the time changes them.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { leaseEndOf, readStatus, STATUS, statusPath, type StatusDoc } from "~/documents/status";
import { RATINGS } from "~/documents/reviews";
import { SKILL_INDEX } from "~/documents/skills";
import { getUser, getUsers, userPath, USERS, type UserProfile } from "~/documents/users";
import { missingNames } from "~/features/members/members.server";
import { publicMember } from "~/features/members/member";
import { lastSeenIn, presenceOf, type Presence } from "~/features/members/presence";
import { skillNamer } from "~/features/skills/skill-names.server";
import { fixedT } from "~/i18n/i18n.server";
import { recencyHoldsUntil, type RankedMatch } from "./rank";
import { candidatesDependOn } from "./candidates.server";
import { reasonText } from "./matches.server";
import { rankedMatchesPage } from "./ranked-page.server";

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
 * (`reads` undefined) any path of the kind counts. matches.server.test.ts (the widget's tests) fails with any one left out.
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
