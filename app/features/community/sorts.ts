/**
 * The forum's thread list orders. Apart from rules.ts, whose schemas need zod, so that the list
 * page's sort links ship without it (issue 28). Browser-safe.
 */

export const SORTS = ["latest", "newest", "top", "unanswered"] as const;
export type ThreadSort = (typeof SORTS)[number];
/** The ThreadDoc field each sort orders by (descending). */
export const SORT_KEY_FIELD: Record<ThreadSort, "activityKey" | "newestKey" | "topKey" | "unansweredKey"> = {
  latest: "activityKey",
  newest: "newestKey",
  top: "topKey",
  unanswered: "unansweredKey",
};

export function isSort(value: unknown): value is ThreadSort {
  return typeof value === "string" && (SORTS as readonly string[]).includes(value);
}
