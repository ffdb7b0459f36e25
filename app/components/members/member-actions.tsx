import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isolated } from "~/utils/format";

/**
 * Save / Unsave and Message, the two things one does with a member. Both work without JavaScript.
 * Namespace "members": a route showing them names it.
 */
export function MemberActions({
  uid,
  saved,
  name,
  compact = false,
}: {
  uid: string;
  saved: boolean;
  name: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("members");
  const save = useFetcher<{ ok: boolean; saved?: boolean }>();
  const message = useFetcher();
  // Show the intended state at once; the server's answer confirms it.
  const pending = save.formData?.get("intent");
  const isSaved = pending ? pending === "save" : saved;
  const size = compact ? "px-3 py-1.5 text-sm" : "";
  return (
    <div className="flex flex-wrap gap-2">
      <save.Form method="post" action="/saved">
        <input type="hidden" name="uid" value={uid} />
        <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
        <button type="submit" className={`btn-secondary ${size}`} aria-pressed={isSaved}>
          {/* The visible word starts the name (WCAG 2.5.3), so voice control finds it by what it says. */}
          {isSaved ? t("actions.saved") : t("actions.save")}
          {/* Isolated as the Message label's name is (decision 119): an accessible name is plain text. */}
          <span className="sr-only" translate="no">
            {" "}
            {isolated(name)}
          </span>
        </button>
      </save.Form>
      <message.Form method="post" action="/api/chat/open">
        <input type="hidden" name="uid" value={uid} />
        <button
          type="submit"
          className={`btn-primary ${size}`}
          disabled={message.state !== "idle"}
          aria-label={t("actions.messageLabel", { name: isolated(name) })}
        >
          {t("actions.message")}
        </button>
      </message.Form>
    </div>
  );
}
