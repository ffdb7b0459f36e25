import { useFetchers, useSubmit } from "@remix-run/react";
import { useCallback, type FormEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isolated } from "~/utils/format";

const SAVE_ACTION = "/saved";
const MESSAGE_ACTION = "/api/chat/open";

/** One fetcher per member and action, named so a page can find it again among the router's fetchers. */
const fetcherKey = (action: string, uid: string) => `member-actions:${action}:${uid}`;

/** A member's actions while they post: the save form's intent, and whether Message is opening the chat. */
export type MemberActionsPending = { savePending: string | undefined; messagePending: boolean };

/**
 * The posting side of every member's actions on a page, asked for once per page: one `submit` for
 * all their forms and the router's fetchers read once. A fetcher `Form` per action resolved its path
 * and made its submit through the router's hooks, two a member, 16 on /matches, and each drew again on
 * any fetcher's change anywhere on the page (issue 28, decision 127).
 */
export function useMemberActions() {
  const submit = useSubmit();
  const fetchers = useFetchers();
  // The form posts through a fetcher of its own member and action, as a fetcher Form did. The member
  // is the submitting button's value, so the button is what is submitted (Remix's Form does the same):
  // the form alone holds no member.
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      // Message posts to its own formaction from Save's form (decision 205), as the browser would.
      const action = button?.getAttribute("formaction") ?? form.getAttribute("action") ?? "";
      submit(button ?? form, { navigate: false, fetcherKey: fetcherKey(action, button?.value ?? "") });
    },
    [submit],
  );
  const pendingFor = (uid: string): MemberActionsPending => {
    const save = fetchers.find((fetcher) => fetcher.key === fetcherKey(SAVE_ACTION, uid));
    const message = fetchers.find((fetcher) => fetcher.key === fetcherKey(MESSAGE_ACTION, uid));
    const intent = save?.formData?.get("intent");
    return {
      savePending: typeof intent === "string" ? intent : undefined,
      messagePending: message !== undefined && message.state !== "idle",
    };
  };
  return { onSubmit, pendingFor };
}

/** The actions' words, the same for every member: asked for once a page, not once a member (decision 151). */
export type MemberActionLabels = { save: string; saved: string; message: string };

export const memberActionLabels = (t: TFunction<"members">): MemberActionLabels => ({
  save: t("actions.save"),
  saved: t("actions.saved"),
  message: t("actions.message"),
});

/**
 * Save / Unsave and Message, the two things one does with a member. Both are plain forms that work
 * without JavaScript; with it, `onSubmit` (from `useMemberActions`) posts them through fetchers.
 * `t` is the page's "members" t, asked for once a page rather than once a member (decision 144),
 * for the Message button's name; `labels` its fixed words (decision 151). A route showing them names
 * the namespace.
 */
export function MemberActionForms({
  uid,
  saved,
  name,
  compact = false,
  savePending,
  messagePending,
  onSubmit,
  t,
  labels,
  className = "",
}: {
  uid: string;
  saved: boolean;
  name: string;
  compact?: boolean;
  /** Classes for the row itself, so a card places it without a wrapper element of its own. */
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  t: TFunction<"members">;
  labels: MemberActionLabels;
} & MemberActionsPending) {
  // Show the intended state at once; the server's answer confirms it.
  const isSaved = savePending ? savePending === "save" : saved;
  const size = compact ? "px-3 py-1.5 text-sm" : "";
  const word = isSaved ? labels.saved : labels.save;
  // The member goes as the submitting button's name and value, with or without JavaScript: a hidden
  // input a form carried it before, 16 elements a page of eight cards (decision 167). One form is the
  // row: Message names its own action (formaction) and the chat ignores Save's intent, so a <div> and a
  // second <form> a member are gone, 16 elements a page of eight cards (decision 205).
  return (
    <form
      method="post"
      action={SAVE_ACTION}
      onSubmit={onSubmit}
      className={className ? `flex flex-wrap items-start gap-2 ${className}` : "flex flex-wrap items-start gap-2"}
    >
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <button type="submit" name="uid" value={uid} className={`btn-secondary ${size}`} aria-pressed={isSaved}>
        {/* The visible word starts the name (WCAG 2.5.3), so voice control finds it by what it says. */}
        {word}
        {/* Isolated as the Message label's name is (decision 119). Member content, so translate="no": an
              aria-label joining the word and the name would be one string no catalogue owns (decision 167). */}
        <span className="sr-only" translate="no">{` ${isolated(name)}`}</span>
      </button>
      <button
        type="submit"
        formAction={MESSAGE_ACTION}
        name="uid"
        value={uid}
        className={`btn-primary ${size}`}
        disabled={messagePending}
        aria-label={t("actions.messageLabel", { name: isolated(name) })}
      >
        {labels.message}
      </button>
    </form>
  );
}

/** One member's actions on a page that shows one member's, or a short list's. */
export function MemberActions(props: { uid: string; saved: boolean; name: string; compact?: boolean }) {
  const { onSubmit, pendingFor } = useMemberActions();
  const { t } = useTranslation("members");
  return (
    <MemberActionForms {...props} {...pendingFor(props.uid)} onSubmit={onSubmit} t={t} labels={memberActionLabels(t)} />
  );
}
