/**
 * Mail that goes to a store collection instead of an SMTP server, one document per event key
 * (created once: a second send of the same event finds it and does nothing).
 *
 * - The embedded outbox (`outbox/{key}`): no SMTP_URL on a machine that runs alone; whoever runs
 *   SkillSwap reads it (and a log line), tests read it.
 * - Firebase's Trigger Email extension (`mail/{key}`, its documented shape `{ to, message }`): the
 *   extension sends each new document through the SMTP service configured for it and records the
 *   delivery state on the document.
 */
import { AlreadyExistsError, type DocStore } from "../store/types";
import { mailKeyIsValid, type MailTransport, type OutgoingMail } from "./types";

// Engine-private collections (decision 023): only the engine writes them; no feature reads them.
/** The embedded outbox; the accounts' own mail (auth/mail.server.ts) goes there too. */
export const OUTBOX = "outbox";
export const outboxPath = (id: string) => `${OUTBOX}/${id}`;
/** The collection Firebase's Trigger Email extension watches (its default name). */
const TRIGGER_EMAIL = "mail";
const triggerEmailPath = (key: string) => `${TRIGGER_EMAIL}/${key}`;

async function createOnce(store: DocStore, path: string, data: Record<string, unknown>): Promise<boolean> {
  try {
    await store.create(path, data);
    return true;
  } catch (error) {
    if (error instanceof AlreadyExistsError) return false;
    throw error;
  }
}

function checkKey(mail: OutgoingMail): void {
  if (!mailKeyIsValid(mail.key)) throw new Error(`Invalid mail key: ${JSON.stringify(mail.key)}`);
}

export function createOutboxTransport(
  store: DocStore,
  log: (line: string) => void,
  now: () => number = Date.now,
): MailTransport {
  return {
    description: "the outbox collection and the log (SMTP_URL is not set), not inboxes",
    async send(mail) {
      checkKey(mail);
      const { key, ...message } = mail;
      // The log names the document, not the address: log lines carry no e-mail addresses (decision 044).
      if (await createOnce(store, outboxPath(key), { ...message, createdAt: now() }))
        log(`[mail] ${outboxPath(key)}: ${mail.subject}`);
    },
  };
}

export function createTriggerEmailTransport(store: DocStore, now: () => number = Date.now): MailTransport {
  return {
    description: "the Firestore `mail` collection for the Trigger Email extension (SMTP_URL is not set)",
    async send(mail) {
      checkKey(mail);
      await createOnce(store, triggerEmailPath(mail.key), {
        to: mail.to,
        message: { subject: mail.subject, text: mail.text, html: mail.html },
        // The extension hands the document's top-level `headers` to nodemailer as they are (decision 047).
        ...(mail.headers ? { headers: mail.headers } : {}),
        createdAt: now(),
      });
    },
  };
}

/** Mails deleted per transaction; a sweep goes on until none older than its cutoff is left. */
const SENT_MAIL_BATCH = 200;

/**
 * Deletes the copies of mail older than `before` from the embedded outbox and the Trigger Email
 * collection (decision 044): they hold addresses and links, and the mail has long been delivered
 * (or not) by then. Returns how many it deleted.
 */
export async function deleteSentMailBefore(store: DocStore, before: number): Promise<number> {
  let deleted = 0;
  for (const collection of [OUTBOX, TRIGGER_EMAIL]) {
    for (;;) {
      const old = await store.query({ collection, where: [["createdAt", "<", before]], limit: SENT_MAIL_BATCH });
      if (old.length === 0) break;
      await store.transaction(async (tx) => {
        for (const doc of old) tx.delete(doc.path);
      });
      deleted += old.length;
      if (old.length < SENT_MAIL_BATCH) break;
    }
  }
  return deleted;
}

/**
 * Deletes the copies of the mails `keys` (the events they reported) from the embedded outbox and
 * the Trigger Email collection, whichever holds them: account deletion removes the mails other
 * members received about the deleted member (issue 32, decision 044). Returns how many it deleted.
 */
export async function deleteSentMail(store: DocStore, keys: readonly string[]): Promise<number> {
  const paths = keys.filter(mailKeyIsValid).flatMap((key) => [outboxPath(key), triggerEmailPath(key)]);
  let deleted = 0;
  for (let i = 0; i < paths.length; i += SENT_MAIL_BATCH) {
    const batch = paths.slice(i, i + SENT_MAIL_BATCH);
    deleted += await store.transaction(async (tx) => {
      const found = (await Promise.all(batch.map((path) => tx.get(path)))).filter((doc) => doc !== null);
      for (const doc of found) tx.delete(doc.path);
      return found.length;
    });
  }
  return deleted;
}
