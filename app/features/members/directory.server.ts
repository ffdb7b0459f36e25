/**
 * Gathers the member directory from the store: named, visible members with their rates, rating
 * and presence. Three collection reads (users, teaching, online status); the pure rules in
 * directory.ts do the rest. Bounded by DIRECTORY_SCAN members, newest first (decision 020).
 *
 * The members and their rates, in name order, are kept with the read cache until a profile or a
 * teaching document is written (decision 037): turning 2,000 documents into entries on every request
 * made /members cost 37 times more in a community of 10,000 than in one of 100 (bench:growth), and
 * sorting them by name on every request kept it 1.67 times dearer (decision 124). Presence changes
 * all the time, so it is read on every request, on its own, and handed to the search as a set.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { readTeaching, TEACHING } from "~/documents/bookings";
import { readStatus, STATUS } from "~/documents/status";
import { readUser, USERS } from "~/documents/users";
import { listedMember } from "./member";
import { membersByName, type Directory, type DirectoryMember, type MembersByName } from "./directory";

export const DIRECTORY_SCAN = 2_000;

const directoryDependsOn = (path: string) => path.startsWith(`${USERS}/`) || path.startsWith(`${TEACHING}/`);

function listedMembers(store: DocStore): Promise<MembersByName> {
  return cachedRead(store, "directory", directoryDependsOn, async () => {
    const [users, teaching] = await Promise.all([
      store.query({ collection: USERS, orderBy: [["createdAt", "desc"]], limit: DIRECTORY_SCAN }),
      store.query({ collection: TEACHING, limit: DIRECTORY_SCAN * 2 }),
    ]);
    const rates = new Map(teaching.map((d) => [d.id, readTeaching(d.data).rates]));
    const listed: DirectoryMember[] = [];
    for (const doc of users) {
      const profile = readUser(doc.data);
      const member = listedMember(doc.id, profile);
      if (!member || !profile) continue;
      listed.push({
        uid: doc.id,
        fullName: member.name.text,
        avatar: member.avatar,
        languages: member.languages,
        skillsOffered: member.skillsOffered,
        skillsWanted: member.skillsWanted,
        rates: rates.get(doc.id) ?? {},
        rating: member.rating,
        createdAt: profile.createdAt,
      });
    }
    return membersByName(listed);
  });
}

export async function loadDirectory(store: DocStore, viewerUid: string): Promise<Directory> {
  const [listed, online] = await Promise.all([
    listedMembers(store),
    store.query({ collection: STATUS, where: [["state", "==", "online"]], limit: DIRECTORY_SCAN * 2 }),
  ]);
  // A lease that ran out (a closed tab on Firebase) still says "online" in the document.
  const now = Date.now();
  return {
    members: listed,
    online: new Set(online.filter((d) => readStatus(d.data, now).state === "online").map((d) => d.id)),
    viewerUid,
  };
}
