/**
 * One page of a member's matches ranked at a moment: their kept candidates (`candidates.server.ts`)
 * with the presence of those online or seen within the ranking's recent window, kept until a status
 * is written; older activity lifts nobody.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { readStatus, STATUS, type StatusDoc } from "~/documents/status";
import type { UserProfile } from "~/documents/users";
import { rankedPage, RECENT_WINDOW_MS, type RankedMatch } from "./rank";
import { rankedCandidates } from "./candidates.server";

/** What ranks and cuts a page: the filters with the skill already a tag, so no reader's language is needed. */
export interface RankFilters {
  skillTag?: string;
  onlineOnly?: boolean;
  page?: number;
  /** Cards per page; the dashboard widget asks for only the few it shows. */
  pageSize?: number;
}

/** The status documents of everyone online or seen since `cutoff`, by uid, and that cutoff. */
interface PresentStatuses {
  cutoff: number;
  byUid: ReadonlyMap<string, Record<string, unknown>>;
}

/**
 * Who is online now or was seen within the ranking's recent window, whatever the community's size,
 * as the documents stand: kept once for every viewer until a status is written (issue 28, decision
 * 159). The two queries ran on every request (two statements, every present member's document read;
 * 2 % of a /matches request's CPU). A kept set stays right as time passes with no write: whoever was
 * seen since `now - RECENT_WINDOW_MS` was seen since the older cutoff it was read with, so the
 * request only drops those who aged out (`presentCandidates`); an earlier `now` than the cutoff's
 * reads again.
 */
async function keptPresentStatuses(store: DocStore, now: number): Promise<PresentStatuses> {
  const cutoff = now - RECENT_WINDOW_MS;
  return cachedRead(
    store,
    "matches:present-statuses",
    (path) => path.startsWith(`${STATUS}/`),
    async () => {
      const [online, recent] = await Promise.all([
        store.query({ collection: STATUS, where: [["state", "==", "online"]] }),
        store.query({ collection: STATUS, where: [["last_changed", ">=", cutoff]] }),
      ]);
      return { cutoff, byUid: new Map([...recent, ...online].map((d) => [d.id, d.data])) };
    },
    (kept) => kept.cutoff <= cutoff,
  );
}

/**
 * The statuses of the candidates in `byUid` who are online or were seen since `now`'s recent
 * window (`keptPresentStatuses`): only theirs are parsed, since nobody else is ranked (bench:matches'
 * 10,000 members: about 2,600 present, a few hundred of them a viewer's candidates; decision 135).
 */
function presentCandidates(
  present: PresentStatuses,
  byUid: ReadonlyMap<string, RankedMatch>,
  now: number,
): Map<string, StatusDoc> {
  const cutoff = now - RECENT_WINDOW_MS;
  const statuses = new Map<string, StatusDoc>();
  for (const uid of byUid.keys()) {
    const data = present.byUid.get(uid);
    // The queries' own tests, so a kept set read with an older cutoff answers as they would now.
    if (!data || (data.state !== "online" && !(typeof data.last_changed === "number" && data.last_changed >= cutoff)))
      continue;
    statuses.set(uid, readStatus(data, now));
  }
  return statuses;
}

/** Whose matches: the member and their profile as the request already holds it (the session's). */
export interface Viewer {
  uid: string;
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted"> | null;
}

/** One page of the member's matches, ranked at `now`, with what it was ranked from. */
export async function rankedMatchesPage(store: DocStore, { uid, profile }: Viewer, filters: RankFilters, now: number) {
  const offered = profile?.skillsOffered ?? [];
  const wanted = profile?.skillsWanted ?? [];
  const skill = filters.skillTag ?? "";
  const [{ absent, byUid, profiles }, present] = await Promise.all([
    rankedCandidates(store, uid, offered, wanted, skill),
    keptPresentStatuses(store, now),
  ]);
  const recent = presentCandidates(present, byUid, now);
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
