/**
 * React 18 puts a textarea's server-rendered text back when it hydrates it (an input it leaves as the
 * person left it), so text typed into a prefilled textarea before the page's scripts ran is gone before
 * any component can read it. The entry notes those texts just before hydrating; forms ask for theirs.
 */
const typed = new WeakMap<HTMLTextAreaElement, string>();

export function noteTextTypedBeforeHydration(root: ParentNode): void {
  for (const area of root.querySelectorAll("textarea")) {
    if (area.value !== area.defaultValue) typed.set(area, area.value);
  }
}

export function textTypedBeforeHydration(area: HTMLTextAreaElement | null | undefined): string | undefined {
  return area ? typed.get(area) : undefined;
}

/**
 * Once hydration has committed, puts the noted texts back into the textareas React reset. A controlled
 * one's form adopts its text into state in its own effect, which runs before this one.
 */
export function restoreTextTypedBeforeHydration(root: ParentNode): void {
  for (const area of root.querySelectorAll("textarea")) {
    const text = typed.get(area);
    if (text !== undefined && area.value === area.defaultValue) area.value = text;
  }
}
