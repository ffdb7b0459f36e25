// Each icon is one element: its drawing (one stroked path on a 24 × 24 grid in icons.svg, a cell of the
// bitmap icons.webp drawn from it) is a mask in tailwind.css (`.icon[data-icon=…]`), painted in the
// text's colour. An inline <svg> with its <path> was two elements and ~250 B of markup per icon on every
// page the server draws (decisions 166, 184, 201).
const NAMES = [
  "home",
  "users",
  "chat",
  "calendar",
  "chart",
  "forum",
  "bell",
  "chevron",
  "back",
  "forward",
  "chevron-back",
  "chevron-forward",
  "plus",
  "x",
] as const;

export type IconName = (typeof NAMES)[number];

/** Every icon name, for the test that each has its drawing in icons.svg and icons.webp and its rule in tailwind.css. */
export const ICON_NAMES: readonly IconName[] = NAMES;

/** Icons that mean a direction of reading (back, forward): mirrored when the page is right to left (decision 050). */
const MIRRORED: ReadonlySet<IconName> = new Set(["back", "forward", "chevron-back", "chevron-forward"]);

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const classes = `icon ${MIRRORED.has(name) ? "rtl:-scale-x-100 " : ""}${className ?? ""}`.trim();
  return <span aria-hidden="true" data-icon={name} className={classes} />;
}
