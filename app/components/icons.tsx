import type { SVGProps } from "react";

const paths = {
  home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  users:
    "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6m13 9v-1a4 4 0 0 0-3-3.87M16 4.13a3 3 0 0 1 0 5.75",
  chat: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.3A8 8 0 1 1 21 12",
  calendar: "M8 2v4m8-4v4M3 9h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2",
  chart: "M4 20V10m6 10V4m6 16v-7m4 7H2",
  forum: "M17 8h2a2 2 0 0 1 2 2v11l-4-4h-6a2 2 0 0 1-2-2v-1M3 3h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7l-4 4z",
  bell: "M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9m-4.3 13a2 2 0 0 1-3.4 0",
  wallet: "M20 7H5a2 2 0 0 1 0-4h13v4m2 0v14H5a2 2 0 0 1-2-2V5m14 9h.01",
  chevron: "m6 9 6 6 6-6",
  // Drawn for left-to-right; each of these points along the line of text and turns round in RTL.
  back: "M19 12H5m6 6-6-6 6-6",
  forward: "M5 12h14m-6-6 6 6-6 6",
  "chevron-back": "m15 18-6-6 6-6",
  "chevron-forward": "m9 18 6-6-6-6",
  plus: "M12 5v14m-7-7h14",
  x: "M18 6 6 18M6 6l12 12",
} as const;

export type IconName = keyof typeof paths;

/** Icons that mean a direction of reading (back, forward): mirrored when the page is right to left (decision 050). */
const MIRRORED: ReadonlySet<IconName> = new Set(["back", "forward", "chevron-back", "chevron-forward"]);

export function Icon({ name, className, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={MIRRORED.has(name) ? `rtl:-scale-x-100 ${className ?? ""}`.trim() : className}
      data-icon={name}
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
