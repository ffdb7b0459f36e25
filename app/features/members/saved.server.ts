/** Saved profiles: users/{uid}/saved/{otherUid}, written only by their owner through the server. */
import { getUser, savedMemberPath, savedMembersOf } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { SAVED_LIMIT } from "~/features/subscriptions/labels";
import { hasPlus } from "~/features/subscriptions/read.server";

export const MAX_SAVED_LISTED = 200;

export async function saveMember(store: DocStore, uid: string, other: string, now = Date.now()): Promise<void> {
  if (uid === other) throw new Response("You cannot save your own profile.", { status: 400 });
  const target = await getUser(store, other);
  if (!target || target.deleted) throw new Response("This member does not exist.", { status: 404 });
  // A perk of Plus (decision 017): Free keeps 25 saved profiles, Plus 200.
  const plus = await hasPlus(store, uid);
  const limit = plus ? SAVED_LIMIT.plus : SAVED_LIMIT.free;
  await store.transaction(async (tx) => {
    const [already, saved] = await Promise.all([
      tx.get(savedMemberPath(uid, other)),
      tx.query({ collection: savedMembersOf(uid), limit }),
    ]);
    if (!already && saved.length >= limit) {
      const more = plus ? "" : ` Plus raises the limit to ${SAVED_LIMIT.plus}.`;
      throw new Response(`You can save up to ${limit} profiles. Remove one from Saved Profiles first.${more}`, {
        status: 403,
      });
    }
    tx.set(savedMemberPath(uid, other), { uid: other, savedAt: now });
  });
}

export async function unsaveMember(store: DocStore, uid: string, other: string): Promise<void> {
  await store.delete(savedMemberPath(uid, other));
}

export async function savedUids(store: DocStore, uid: string): Promise<string[]> {
  const docs = await store.query({
    collection: savedMembersOf(uid),
    orderBy: [["savedAt", "desc"]],
    limit: MAX_SAVED_LISTED,
  });
  return docs.map((d) => d.id);
}

export async function isSaved(store: DocStore, uid: string, others: readonly string[]): Promise<Set<string>> {
  const docs = await store.getAll(others.map((o) => savedMemberPath(uid, o)));
  return new Set(others.filter((_, i) => docs[i] !== null));
}
