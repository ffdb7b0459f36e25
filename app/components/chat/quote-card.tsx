import { Link } from "@remix-run/react";
import type { MessageQuote } from "~/documents/chats";
import { boardPostLink } from "~/documents/board";
import { useTranslation } from "react-i18next";

/** A board post quoted at the start of a reply: its kind and title, linking to the post. */
export function QuoteCard({ quote }: { quote: MessageQuote }) {
  const { t } = useTranslation("chat");
  return (
    <Link
      to={boardPostLink(quote.postId)}
      className="mb-1 block max-w-[80%] rounded-xl border border-slate-200 border-s-4 border-s-brand-500 bg-white px-3 py-2 text-start text-sm text-slate-800 hover:border-brand-300"
      data-testid="quote-card"
    >
      <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
        {quote.postType === "need" ? t("quote.need") : t("quote.offer")}
      </span>
      <span className="block break-words font-medium" dir="auto" translate="no">
        {quote.title}
      </span>
    </Link>
  );
}
