/**
 * The guided tour of the dashboard (SPEC.md §4): its steps, its presentation and when it starts.
 * Pure data and rules; the react-joyride island in app/components/onboarding renders them.
 */

export type TourPlacement = "top" | "bottom" | "left" | "right" | "auto";

export interface TourStep {
  /** A CSS selector on a `data-tour` anchor, so markup can move without breaking the tour. */
  target: string;
  title: string;
  content: string;
  placement?: TourPlacement;
}

const anchor = (name: string) => `[data-tour="${name}"]`;

/** SPEC.md §4 targets, in the spec's order. Each text says what the part is for, not what it is. */
export const tourSteps: readonly TourStep[] = [
  {
    target: anchor("dashboard-button"),
    title: "Welcome to your dashboard",
    content: "This is your home base. Click the SkillSwap logo from any page to come back to your overview.",
    placement: "bottom",
  },
  {
    target: anchor("wallet"),
    title: "Your SP wallet",
    content:
      "SP is the currency you use to book sessions and earn by teaching. Check your balance and latest transactions here, and top up when you run low.",
    placement: "bottom",
  },
  {
    target: anchor("profile-menu"),
    title: "Your profile and settings",
    content:
      "Edit your profile, change your settings, manage subscriptions and saved profiles, or sign out. You can replay this tour from here too.",
    placement: "bottom",
  },
  {
    target: anchor("activity-widget"),
    title: "What's new",
    content: "SP payments, messages and session updates appear here as they happen, so you never miss a request.",
    placement: "auto",
  },
  {
    target: anchor("matches-widget"),
    title: "People to swap with",
    content:
      "We suggest members who teach what you want to learn and want to learn what you teach. Open one to start a conversation.",
    placement: "auto",
  },
  {
    target: anchor("calendar-widget"),
    title: "Your next sessions",
    content: "Sessions you book or accept show up here with their time, so you can see at a glance what is coming.",
    placement: "auto",
  },
  {
    target: anchor("level-widget"),
    title: "Level up as you go",
    content:
      "Every session you teach or take earns xp. Watch your level grow and see how far you are from the next one.",
    placement: "auto",
  },
  {
    target: anchor("nav-matches"),
    title: "Find matches",
    content: "Browse all your matches, filter by skill and send swap requests.",
    placement: "right",
  },
  {
    target: anchor("nav-chat"),
    title: "Chat with members",
    content: "Agree on what to learn and when. A dot appears here when you have unread messages.",
    placement: "right",
  },
  {
    target: anchor("nav-calendar"),
    title: "Plan your sessions",
    content: "See your schedule, book time with your matches and join sessions when they start.",
    placement: "right",
  },
  {
    target: anchor("nav-progress"),
    title: "Track your progress",
    content: "Follow the skills you are learning, the hours you have taught and the xp you have earned.",
    placement: "right",
  },
  {
    target: anchor("nav-community"),
    title: "Join the community",
    content: "Ask questions, share tips and meet other learners and mentors in the forum.",
    placement: "right",
  },
];

/** Where the main navigation is: the sidebar from 1024 px (Tailwind's lg), the bottom bar below. */
export const WIDE_SCREEN_QUERY = "(min-width: 1024px)";

/**
 * The steps for this screen. Both navigations carry the same `data-tour` anchors, so the
 * navigation steps are scoped to the one that shows: on a phone they point at the bottom bar,
 * with the tooltip above it, instead of being skipped.
 */
export function stepsForScreen(steps: readonly TourStep[], wide: boolean): TourStep[] {
  return steps.map((step) => {
    if (!step.target.startsWith('[data-tour="nav-')) return step;
    return wide
      ? { ...step, target: `[data-testid="sidebar"] ${step.target}` }
      : { ...step, target: `[data-testid="bottom-bar"] ${step.target}`, placement: "top" };
  });
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

/** SPEC.md §4 tour labels. */
export const TOUR_LABELS = { back: "Back", close: "Close", last: "Last", next: "Next", skip: "Skip" } as const;

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
