/**
 * Deleting one's account: the person disappears, the money trail stays.
 *
 * Personal data goes (name, bio, skills and their index entries, languages, picture, saved
 * lists, availability, notifications, the sign-in itself); users/{uid} stays as a tombstone with
 * `deleted: true`, so chats with others keep their messages under "Deleted member" and the
 * wallet and its ledger entries — which other members' entries and the reconciliation refer
 * to — are never touched. Future sessions are ended through the booking state machine, so
 * escrow moves exactly as it would for any cancellation.
 *
 * Each step is idempotent; the sign-in is removed last, so if a step fails the member can sign
 * in again and repeat the deletion.
 */
import { notificationsOf } from "~/documents/notifications";
import { getUser, savedMembersOf } from "~/documents/users";
import type { AuthProvider } from "~/engine/auth/types";
import type { FileStore } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";
import { teachingPath } from "~/documents/bookings";
import { termsAcceptancePath } from "~/documents/terms-acceptances";
import { applyCommand, BookingError, listBookingsFor } from "~/features/bookings/bookings.server";
import type { Booking } from "~/features/bookings/types";
import { DEFAULT_AVATAR } from "~/features/profile/display";
import { BOARD_ANSWERS, BOARD_POSTS } from "~/documents/board";
import { CHAT_MAIL, MAIL_JOBS } from "~/documents/mail";
import { DIGESTS } from "~/documents/digest";
import { PUSH_JOBS, PUSH_SUBSCRIPTIONS, pushSettingsPath } from "~/documents/push";
import { BOOKINGS } from "~/documents/bookings";
import { CHATS } from "~/documents/chats";
import { forgetSentMail } from "~/engine/index.server";
import { presenceStreamsPath, statusPath } from "~/documents/status";
import { BoardError } from "~/features/board/errors.server";
import { deleteBoardPost } from "~/features/board/write.server";
import { forgetExports } from "~/features/export/export.server";
import { setSkills } from "~/features/skills/skills.server";
import { removeAvatarFile } from "./avatar.server";
import { DELETED_MEMBER_NAME } from "./member";

export interface DeleteAccountPorts {
  store: DocStore;
  auth: AuthProvider;
  files: FileStore;
}

// Far enough ahead to include every bookable session.
const FUTURE_HORIZON_MS = 5 * 365 * 24 * 3_600_000;
// Well under Firestore's 500 writes per transaction.
const DELETE_BATCH = 200;

/** The command by which `uid` ends a session that has not started: a mentor declines an open request. */
function endingCommand(booking: Booking, uid: string): { kind: "decline" } | { kind: "cancel" } {
  return booking.state === "requested" && booking.mentorUid === uid ? { kind: "decline" } : { kind: "cancel" };
}

async function endFutureSessions(store: DocStore, uid: string, now: number): Promise<void> {
  const upcoming = await listBookingsFor(store, uid, { from: now + 1, to: now + FUTURE_HORIZON_MS });
  for (const booking of upcoming) {
    if (booking.state !== "requested" && booking.state !== "accepted") continue;
    try {
      await applyCommand(store, booking.id, { uid }, endingCommand(booking, uid), now);
    } catch (error) {
      // The other member or the scheduler moved it first; whatever they did already settled it.
      if (!(error instanceof BookingError)) throw error;
    }
  }
}

async function deleteCollection(store: DocStore, collection: string): Promise<void> {
  for (;;) {
    const removed = await store.transaction(async (tx) => {
      const docs = await tx.query({ collection, limit: DELETE_BATCH });
      for (const doc of docs) tx.delete(doc.path);
      return docs.length;
    });
    if (removed < DELETE_BATCH) return;
  }
}

/** Documents of `collection` whose `field` is the member, deleted in batches. */
async function deleteWhere(store: DocStore, collection: string, field: string, uid: string): Promise<void> {
  for (;;) {
    const docs = await store.query({ collection, where: [[field, "==", uid]], limit: DELETE_BATCH });
    await Promise.all(docs.map((doc) => store.delete(doc.path)));
    if (docs.length < DELETE_BATCH) return;
  }
}

// Firestore's limit for an `in` filter.
const IN_BATCH = 30;

/**
 * The copies of mail other members received about her (a session she asked for, her messages),
 * deleted from the outbox: the mail itself has reached them, and the session and the conversation
 * stay for them under "Deleted member" (decision 044). Those mails are the jobs whose `ref` is one
 * of her sessions or conversations; the job's key is the sent mail's key.
 */
async function forgetMailAbout(store: DocStore, uid: string): Promise<void> {
  const [bookings, chats] = await Promise.all(
    [BOOKINGS, CHATS].map((collection) =>
      store.query({ collection, where: [["participants", "array-contains", uid]] }),
    ),
  );
  const refs = [...bookings, ...chats].map((doc) => doc.id);
  const keys: string[] = [];
  for (let i = 0; i < refs.length; i += IN_BATCH) {
    const jobs = await store.query({ collection: MAIL_JOBS, where: [["ref", "in", refs.slice(i, i + IN_BATCH)]] });
    keys.push(...jobs.map((job) => job.id));
  }
  await forgetSentMail(store, keys);
}

/** Her board posts leave the board, its lists and its search index; one a moderator is reviewing stays for the review. */
async function deleteBoardPosts(store: DocStore, uid: string): Promise<void> {
  const posts = await store.query({ collection: BOARD_POSTS, where: [["authorUid", "==", uid]] });
  for (const post of posts) {
    try {
      await deleteBoardPost(store, uid, post.id);
    } catch (error) {
      if (!(error instanceof BoardError)) throw error;
    }
  }
}

export async function deleteAccount(
  { store, auth, files }: DeleteAccountPorts,
  uid: string,
  now = Date.now(),
): Promise<void> {
  // Signed out everywhere before anything else, so no open tab keeps acting for the member.
  await auth.revokeSessions(uid);
  const profile = await getUser(store, uid);
  if (profile) {
    // One transaction hides the member everywhere at once: profile, skills and skill index.
    await setSkills(
      store,
      uid,
      [],
      [],
      {
        fullName: DELETED_MEMBER_NAME,
        bio: "",
        languages: [],
        profilePicture: DEFAULT_AVATAR,
        notificationPrefs: {},
        deleted: true,
        deletedAt: now,
      },
      now,
    );
    await removeAvatarFile(files, uid, profile.profilePicture);
  }
  await endFutureSessions(store, uid, now);
  await Promise.all([
    deleteCollection(store, savedMembersOf(uid)),
    deleteCollection(store, notificationsOf(uid)),
    store.delete(teachingPath(uid)),
    store.delete(termsAcceptancePath(uid)),
    forgetExports(store, files, uid),
    deleteBoardPosts(store, uid),
    // Her answers to others' posts (a message, a booking) leave their /board/mine, and any left on hers.
    deleteWhere(store, BOARD_ANSWERS, "answererUid", uid),
    deleteWhere(store, BOARD_ANSWERS, "posterUid", uid),
    // Mail that had not left yet, and her conversations' waiting mail batches (issue 32).
    deleteWhere(store, MAIL_JOBS, "uid", uid),
    deleteWhere(store, CHAT_MAIL, "uid", uid),
    // Her digests: the names and counts they were written from (decision 047).
    deleteWhere(store, DIGESTS, "uid", uid),
    // Her devices, push choices and pushes not sent yet (decision 046).
    deleteWhere(store, PUSH_SUBSCRIPTIONS, "uid", uid),
    deleteWhere(store, PUSH_JOBS, "uid", uid),
    store.delete(pushSettingsPath(uid)),
    forgetMailAbout(store, uid),
    // Whether and when she was last online.
    store.delete(statusPath(uid)),
    store.delete(presenceStreamsPath(uid)),
  ]);
  await auth.deleteAccount(uid);
}
