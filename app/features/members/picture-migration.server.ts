import { getMigration, migrationPath } from "~/documents/migrations";
import { DEFAULT_AVATAR, readUser, USERS, userPath } from "~/documents/users";
import type { FileStore } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";
import { AvatarError, legacyPictureKey, removeAvatarFile, uploadAvatar } from "./avatar.server";
import { PICTURE_ROUTE } from "./picture";

export const PICTURES_TO_WEBP = "pictures-to-webp";

/**
 * Decision 027's one-off conversion: every picture stored as it was uploaded (its metadata with it)
 * is re-encoded the way uploads now are, under a new URL, and the original file is removed. A file
 * that cannot be decoded is removed too and the member shown with the default picture: it was
 * served as it came, and nothing of it may stay public. Runs once; later calls on the same store in this process read nothing.
 */
const converted = new WeakSet<DocStore>();

export async function convertStoredPictures(store: DocStore, files: FileStore, now = Date.now()): Promise<number> {
  // Done once stays done: after that, the timed work's every tick need not read the marker again.
  if (converted.has(store)) return 0;
  if (await getMigration(store, PICTURES_TO_WEBP)) {
    converted.add(store);
    return 0;
  }
  let changed = 0;
  for (const doc of await store.query({ collection: USERS })) {
    const uid = doc.id;
    const picture = readUser(doc.data).profilePicture;
    const match = PICTURE_ROUTE.exec(picture);
    if (!match || match[1] !== uid) continue;
    const legacy = await files.get(legacyPictureKey(uid, match[2]));
    if (!legacy) continue;
    try {
      // Only while the profile still shows that picture: a member's newer upload stays.
      await uploadAvatar(store, files, uid, legacy.bytes, now, picture);
    } catch (error) {
      if (!(error instanceof AvatarError)) throw error;
      console.warn(`Picture ${picture} could not be converted (${error.message}); it was removed.`);
      await store.transaction(async (tx) => {
        if (readUser((await tx.get(userPath(uid)))?.data)?.profilePicture === picture)
          tx.update(userPath(uid), { profilePicture: DEFAULT_AVATAR });
      });
      await removeAvatarFile(files, uid, picture);
    }
    changed++;
  }
  await store.set(migrationPath(PICTURES_TO_WEBP), { doneAt: now, changed });
  converted.add(store);
  if (changed > 0) console.log(`Converted ${changed} stored pictures to WebP without their metadata.`);
  return changed;
}
