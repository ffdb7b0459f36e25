import { useState, type FormEvent } from "react";
import { MAX_MESSAGE_LENGTH } from "~/features/chat/pair";
import type { MessageQuote } from "~/documents/chats";
import { QuoteCard } from "./quote-card";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";

/** What /api/chats/$chatId/messages answers the composer's script: 204 when sent, otherwise why not. */
type SendAnswer = { ok: true } | { ok: false; error: string };

/**
 * Posts the form to the send route (decision 107) and answers what the server said. The message
 * itself comes back through the thread's live feed. A session that ended is redirected to sign-in:
 * the page follows it there.
 */
async function postMessage(form: HTMLFormElement, offline: string): Promise<SendAnswer> {
  let response: Response;
  try {
    response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, error: offline };
  }
  if (response.redirected) {
    window.location.assign(response.url);
    return { ok: false, error: "" };
  }
  if (response.status === 204) return { ok: true };
  return (await response.json().catch(() => ({ ok: false, error: offline }))) as SendAnswer;
}

/** Writes a message; Enter sends, Shift+Enter makes a new line. The server has the last word on limits. */
export function Composer({ chatId, quote = null }: { chatId: string; quote?: MessageQuote | null }) {
  const { t } = useTranslation("chat");
  const { t: tCommon } = useTranslation("common");
  const locale = useFormatLocale();
  const [length, setLength] = useState(0);
  // The quoted post goes with the next message only; removing it writes a plain message.
  const [quoting, setQuoting] = useState(quote);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = event.currentTarget;
    if (sending) return;
    setSending(true);
    const answer = await postMessage(sent, tCommon("offline.title"));
    setSending(false);
    if (!answer.ok) {
      setError(answer.error || null);
      return;
    }
    setError(null);
    sent.reset();
    setLength(0);
    setQuoting(null);
  };

  return (
    <form
      method="post"
      action={`/api/chats/${chatId}/messages`}
      onSubmit={send}
      className="border-t border-slate-200 p-3"
    >
      {quoting ? (
        <div className="mb-2 flex items-start gap-2" data-testid="composer-quote">
          <input type="hidden" name="quotePostId" value={quoting.postId} />
          <div className="min-w-0 flex-1">
            <QuoteCard quote={quoting} />
          </div>
          <button type="button" className="btn-secondary shrink-0 px-2 py-1 text-xs" onClick={() => setQuoting(null)}>
            {t("composer.removeQuote")}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mb-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`composer-${chatId}`}>
          {t("composer.label")}
        </label>
        <textarea
          id={`composer-${chatId}`}
          name="text"
          rows={2}
          required
          placeholder={t("composer.placeholder")}
          className="input min-h-[2.75rem] flex-1 resize-none"
          onChange={(e) => setLength(e.currentTarget.value.length)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (!sending) e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap" disabled={sending}>
          {t("composer.send")}
        </button>
      </div>
      {length > MAX_MESSAGE_LENGTH - 200 ? (
        <p className={`mt-1 text-end text-xs ${length > MAX_MESSAGE_LENGTH ? "text-red-600" : "text-slate-500"}`}>
          {t("composer.length", {
            length: formatNumber(length, locale),
            max: formatNumber(MAX_MESSAGE_LENGTH, locale),
          })}
        </p>
      ) : null}
    </form>
  );
}
