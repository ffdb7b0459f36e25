import { readUser, userPath } from "~/documents/users";
import type { FileStore } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";
import { PICTURE_ROUTE, PICTURE_SIZES, type PictureSize } from "./picture";
import { renderPicture, UNREADABLE, UnreadablePicture, type PictureInput } from "./picture.server";

/** Where one size of a picture is kept. */
export function pictureKey(uid: string, version: string, size: PictureSize): string {
  return `avatars/${uid}/${version}-${size}`;
}

/** Where a picture uploaded before decision 027 was kept as it came (the migration converts them). */
export function legacyPictureKey(uid: string, version: string): string {
  return `avatars/${uid}/${version}`;
}

/** A picture refused: none was chosen, or it could not be read. The page words the reason. */
export class AvatarError extends Error {
  constructor(readonly reason: "empty" | "unreadable") {
    super(reason === "empty" ? "No picture was chosen." : UNREADABLE);
  }
}

/**
 * Re-encodes the picture into every size (picture.server.ts), stores them under a new version and
 * points the profile at it; the URL changes with every upload, so browsers may cache each one
 * forever. The previous picture's files are removed after. With `replacing`, the profile is only
 * changed while it still shows that picture (the migration must not undo a newer upload).
 */
export async function uploadAvatar(
  store: DocStore,
  files: FileStore,
  uid: string,
  input: PictureInput,
  now = Date.now(),
  replacing?: string,
): Promise<string> {
  if (input instanceof Uint8Array && input.length === 0) throw new AvatarError("empty");
  let sizes;
  try {
    sizes = await renderPicture(input);
  } catch (error) {
    if (error instanceof UnreadablePicture) throw new AvatarError("unreadable");
    throw error;
  }
  const version = now.toString(36);
  const url = `/avatars/${uid}/${version}`;
  await Promise.all(sizes.map(({ size, bytes }) => files.put(pictureKey(uid, version, size), bytes, "image/webp")));
  let previous: unknown;
  try {
    // Read and swap in one transaction, so two uploads at once each remove the picture they replaced.
    previous = await store.transaction(async (tx) => {
      const current = readUser((await tx.get(userPath(uid)))?.data)?.profilePicture;
      if (replacing === undefined || current === replacing) tx.update(userPath(uid), { profilePicture: url });
      return current;
    });
  } catch (error) {
    await removeVersion(files, uid, version);
    throw error;
  }
  if (replacing !== undefined && previous !== replacing) {
    await removeVersion(files, uid, version);
    return String(previous);
  }
  // Two uploads within the same millisecond share a version: the files just written are the current ones.
  if (previous !== url) await removeAvatarFile(files, uid, previous);
  return url;
}

async function removeVersion(files: FileStore, uid: string, version: string): Promise<void> {
  await Promise.all([
    files.delete(legacyPictureKey(uid, version)),
    ...PICTURE_SIZES.map((size) => files.delete(pictureKey(uid, version, size))),
  ]);
}

/** Removes every file of a member's picture (each size, or the file of a picture not yet converted). */
export async function removeAvatarFile(files: FileStore, uid: string, picture: unknown): Promise<void> {
  const match = typeof picture === "string" ? PICTURE_ROUTE.exec(picture) : null;
  if (match && match[1] === uid) await removeVersion(files, uid, match[2]);
}
