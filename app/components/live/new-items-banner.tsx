/**
 * "N new posts — show": what a live feed brought since the list was loaded (newer than `since`
 * and not in the list yet), announced, never pushed into the list being read.
 */
export function NewItemsBanner({
  newest,
  shown,
  since,
  one,
  many,
  testId,
  onShow,
}: {
  newest: { id: string; createdAt: number }[];
  shown: string[];
  since: number;
  /** What one item is called, and more than one ("post", "posts"). */
  one: string;
  many: string;
  testId: string;
  onShow: () => void;
}) {
  const fresh = newest.filter((item) => item.createdAt > since && !shown.includes(item.id)).length;
  if (fresh === 0) return null;
  return (
    <button
      type="button"
      onClick={onShow}
      className="mb-3 w-full rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-100"
      data-testid={testId}
    >
      {fresh} new {fresh === 1 ? one : many} — show
    </button>
  );
}
