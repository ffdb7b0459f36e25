import { useTranslation } from "react-i18next";

/**
 * "N new posts — show": what a live feed brought since the list was loaded (newer than `since`
 * and not in the list yet), announced, never pushed into the list being read.
 */
export function NewItemsBanner({
  newest,
  shown,
  since,
  kind,
  testId,
  onShow,
}: {
  newest: { id: string; createdAt: number }[];
  shown: string[];
  since: number;
  /** What the items are: forum threads or board posts (the message counts them in the reader's plural). */
  kind: "thread" | "post";
  testId: string;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const fresh = newest.filter((item) => item.createdAt > since && !shown.includes(item.id)).length;
  if (fresh === 0) return null;
  return (
    <button
      type="button"
      onClick={onShow}
      className="mb-3 w-full rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-100"
      data-testid={testId}
    >
      {t("newItems", { kind, count: fresh })}
    </button>
  );
}
