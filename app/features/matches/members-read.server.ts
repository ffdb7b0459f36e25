/**
 * What one matches request reads of the members its skill lists name: each member's profile and
 * rating once, however many of the lists name them (issue 28, decision 143). Firestore keeps no read
 * cache, so every request reads every list's members, and a member on two of the viewer's lists (who
 * teaches what the viewer wants and wants what they teach) was read twice. Per request only: nothing
 * here outlives it.
 */
import type { DocStore } from "~/engine/store/types";
import { getUsers, type UserProfile } from "~/documents/users";
import { getRatings } from "~/features/members/members.server";

export interface MemberRead {
  profile: UserProfile | null;
  rating?: { count: number; average: number };
}

/** Reads the members named, those not read yet in this request together, in the order named. */
export type MembersRead = (uids: readonly string[]) => Promise<MemberRead[]>;

/**
 * One request's reads, made by collectCandidates for the skill lists of one viewer. Beside the read
 * cache a list computed from them is still current at the version it is kept at: the lists take their
 * look at the change log when they are asked for, all at once, before the first read made here.
 */
export function membersRead(store: DocStore): MembersRead {
  const read = new Map<string, Promise<MemberRead>>();
  return (uids) => {
    const unread = uids.filter((uid) => !read.has(uid));
    if (unread.length > 0) {
      const both = Promise.all([getUsers(store, unread), getRatings(store, unread)]);
      unread.forEach((uid, i) =>
        read.set(
          uid,
          both.then(([profiles, ratings]) => ({ profile: profiles[i], rating: ratings.get(uid) })),
        ),
      );
    }
    return Promise.all(uids.map((uid) => read.get(uid)!));
  };
}
