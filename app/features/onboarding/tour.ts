/**
 * The guided tour of the dashboard (SPEC.md §4): its steps, its presentation and when it starts.
 * Pure data and rules; the react-joyride island in app/components/onboarding renders them.
 */

export type TourPlacement = "top" | "bottom" | "left" | "right" | "auto";

export interface TourStep {
  /** A CSS selector on a `data-tour` anchor, so markup can move without breaking the tour. */
  target: string;
  /** Its texts are `tour.steps.<id>.title` and `.content` in the common catalogue (decision 048). */
  id: string;
  placement?: TourPlacement;
}

const anchor = (name: string) => `[data-tour="${name}"]`;

/** SPEC.md §4 targets, in the spec's order. Each text (in the catalogues) says what the part is for, not what it is. */
export const tourSteps: readonly TourStep[] = [
  { id: "dashboardButton", target: anchor("dashboard-button"), placement: "bottom" },
  { id: "wallet", target: anchor("wallet"), placement: "bottom" },
  { id: "profileMenu", target: anchor("profile-menu"), placement: "bottom" },
  { id: "activityWidget", target: anchor("activity-widget"), placement: "auto" },
  { id: "matchesWidget", target: anchor("matches-widget"), placement: "auto" },
  { id: "calendarWidget", target: anchor("calendar-widget"), placement: "auto" },
  { id: "levelWidget", target: anchor("level-widget"), placement: "auto" },
  { id: "navMatches", target: anchor("nav-matches"), placement: "right" },
  { id: "navChat", target: anchor("nav-chat"), placement: "right" },
  { id: "navCalendar", target: anchor("nav-calendar"), placement: "right" },
  { id: "navProgress", target: anchor("nav-progress"), placement: "right" },
  { id: "navCommunity", target: anchor("nav-community"), placement: "right" },
];

/** Where the main navigation is a sidebar: from 1024 px (Tailwind's lg); below, it is the bottom bar. */
export const WIDE_SCREEN_QUERY = "(min-width: 1024px)";

/**
 * The steps for this screen. The one navigation (decision 175) is the sidebar on a wide screen and
 * the bottom bar on a phone, where the navigation steps show their tooltip above the bar, not
 * beside a link.
 */
export function stepsForScreen(steps: readonly TourStep[], wide: boolean): TourStep[] {
  if (wide) return [...steps];
  return steps.map((step) => (step.target.startsWith('[data-tour="nav-') ? { ...step, placement: "top" } : step));
}

/** SPEC.md §4 and §9 tour presentation. */
export const TOUR_SPOTLIGHT_PADDING = 0;
export const TOUR_SCROLL_OFFSET = 20;
export const TOUR_SCROLL_DURATION_MS = 300;
export const TOUR_TOOLTIP_WIDTH = 380;
/** Keeps a 12 px margin either side, so the tooltip fits a 390 px wide phone. */
export const TOUR_TOOLTIP_CSS_WIDTH = `min(${TOUR_TOOLTIP_WIDTH}px, calc(100vw - 24px))`;
/** Above the fixed header (z-30) and its dropdowns (z-40). */
export const TOUR_Z_INDEX = 100;

/** SPEC.md §4 tour labels: the keys under `tour.labels` in the common catalogue ("Back", "Close", "Last", "Next", "Skip" in English). */
export const TOUR_LABEL_KEYS = ["back", "close", "last", "next", "skip"] as const;

/** SPEC.md §3 local browser flags for the tour; either one marks the tour as done in this browser. */
export const TOUR_LOCAL_FLAGS = ["tour_done", "tourCompleted"] as const;
export const LOCAL_FLAG_VALUE = "1";

export type StepValidation = { valid: true; steps: TourStep[] } | { valid: false; reason: string };

/** SPEC.md §5: steps must be an array of objects each having a target. */
export function validateSteps(steps: unknown): StepValidation {
  if (!Array.isArray(steps)) return { valid: false, reason: "steps must be an array" };
  for (const [index, step] of steps.entries()) {
    if (typeof step !== "object" || step === null || Array.isArray(step)) {
      return { valid: false, reason: `step ${index} must be an object` };
    }
    const target = (step as { target?: unknown }).target;
    if (typeof target !== "string" || target.trim() === "") {
      return { valid: false, reason: `step ${index} has no target` };
    }
  }
  return { valid: true, steps: steps as TourStep[] };
}

export interface TourStartInput {
  signedIn: boolean;
  tourCompleted: boolean;
  localFlag: boolean;
}

/** SPEC.md §4: the tour starts by itself only for a signed-in user who has not finished it anywhere. */
export function shouldStartTour({ signedIn, tourCompleted, localFlag }: TourStartInput): boolean {
  return signedIn && !tourCompleted && !localFlag;
}

/** Whether this browser holds either tour flag; `read` is localStorage.getItem or a stand-in. */
export function hasLocalTourFlag(read: (key: string) => string | null): boolean {
  return TOUR_LOCAL_FLAGS.some((key) => read(key) === LOCAL_FLAG_VALUE);
}
