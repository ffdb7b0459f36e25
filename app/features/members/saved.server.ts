/** Saved profiles: users/{uid}/saved/{otherUid}, written only by their owner through the server. */
import type { DocStore } from "~/engine/store/types";

export const MAX_SAVED_LISTED = 200;

function savedPath(uid: string, other: string): string {
  return `users/${uid}/saved/${other}`;
}

export async function saveMember(store: DocStore, uid: string, other: string, now = Date.now()): Promise<void> {
  if (uid === other) throw new Response("You cannot save your own profile.", { status: 400 });
  const target = await store.get(`users/${other}`);
  if (!target || target.data.deleted === true) throw new Response("This member does not exist.", { status: 404 });
  await store.set(savedPath(uid, other), { uid: other, savedAt: now });
}

export async function unsaveMember(store: DocStore, uid: string, other: string): Promise<void> {
  await store.delete(savedPath(uid, other));
}

export async function savedUids(store: DocStore, uid: string): Promise<string[]> {
  const docs = await store.query({ collection: `users/${uid}/saved`, orderBy: [["savedAt", "desc"]], limit: MAX_SAVED_LISTED });
  return docs.map((d) => d.id);
}

export async function isSaved(store: DocStore, uid: string, others: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(others.map(async (o) => ((await store.get(savedPath(uid, o))) ? o : null)));
  return new Set(found.filter((o): o is string => o !== null));
}
