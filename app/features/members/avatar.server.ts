import { readUser, userPath } from "~/documents/users";
import type { FileStore } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";
import { detectImageType, MAX_AVATAR_BYTES, readImageSize } from "./image-type";

export const AVATAR_ROUTE = /^\/avatars\/([A-Za-z0-9-]+)\/([0-9a-z]+)$/;

export function avatarKey(uid: string, version: string): string {
  return `avatars/${uid}/${version}`;
}

export class AvatarError extends Error {}

/**
 * Stores a new picture under a new version and points the profile at it; the URL changes with
 * every upload, so browsers may cache each one forever. The previous file is removed after.
 */
export async function uploadAvatar(
  store: DocStore,
  files: FileStore,
  uid: string,
  bytes: Uint8Array,
  now = Date.now(),
): Promise<string> {
  if (bytes.length === 0) throw new AvatarError("Choose a picture to upload.");
  if (bytes.length > MAX_AVATAR_BYTES) throw new AvatarError("The picture is larger than 2 MB. Choose a smaller one.");
  const type = detectImageType(bytes);
  if (!type) throw new AvatarError("Upload a JPEG, PNG or WebP picture.");
  // The first bytes only name a type; reading the structure refuses files that merely start like one.
  if (!readImageSize(bytes, type))
    throw new AvatarError("This picture could not be read. Choose another JPEG, PNG or WebP file.");
  const version = now.toString(36);
  const url = `/avatars/${uid}/${version}`;
  await files.put(avatarKey(uid, version), bytes, type);
  let previous: unknown;
  try {
    // Read and swap in one transaction, so two uploads at once each remove the picture they replaced.
    previous = await store.transaction(async (tx) => {
      const profile = await tx.get(userPath(uid));
      tx.update(userPath(uid), { profilePicture: url });
      return readUser(profile?.data)?.profilePicture;
    });
  } catch (error) {
    await files.delete(avatarKey(uid, version));
    throw error;
  }
  // Two uploads within the same millisecond share a version: the file just written is the current one.
  if (previous !== url) await removeAvatarFile(files, uid, previous);
  return url;
}

export async function removeAvatarFile(files: FileStore, uid: string, picture: unknown): Promise<void> {
  const match = typeof picture === "string" ? AVATAR_ROUTE.exec(picture) : null;
  if (match && match[1] === uid) await files.delete(avatarKey(uid, match[2]));
}
