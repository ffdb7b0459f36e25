import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import Joyride, { EVENTS, STATUS, type CallBackProps, type Step, type StoreHelpers } from "react-joyride";
import {
  TOUR_LABEL_KEYS,
  TOUR_SCROLL_DURATION_MS,
  TOUR_SCROLL_OFFSET,
  TOUR_SPOTLIGHT_PADDING,
  TOUR_TOOLTIP_CSS_WIDTH,
  TOUR_Z_INDEX,
  type TourStep,
  stepsForScreen,
  WIDE_SCREEN_QUERY,
} from "~/features/onboarding/tour";

export type TourOutcome = typeof STATUS.FINISHED | typeof STATUS.SKIPPED;

interface GuidedTourProps {
  steps: readonly TourStep[];
  onEnd: (outcome: TourOutcome) => void;
}

// Brand colours from tailwind.config.ts (brand-600, slate-900/600/500); joyride styles are inline.
const BRAND = "#1d5cee";
const INK = "#0f172a";
const MUTED = "#475569";
const SUBTLE = "#64748b";

const styles = {
  options: {
    primaryColor: BRAND,
    textColor: INK,
    arrowColor: "#ffffff",
    backgroundColor: "#ffffff",
    overlayColor: "rgba(15, 23, 42, 0.6)",
    width: TOUR_TOOLTIP_CSS_WIDTH,
    zIndex: TOUR_Z_INDEX,
  },
  tooltip: { borderRadius: 16, padding: 20, boxShadow: "0 20px 40px -12px rgba(15, 23, 42, 0.35)" },
  tooltipContainer: { textAlign: "start" as const },
  tooltipTitle: { fontSize: 17, fontWeight: 700, lineHeight: 1.35, margin: 0, paddingInlineEnd: 0 },
  tooltipContent: { padding: "8px 0 0", fontSize: 15, lineHeight: 1.55, color: MUTED },
  tooltipFooter: { marginTop: 18, alignItems: "center" },
  buttonNext: { borderRadius: 8, fontSize: 14, fontWeight: 600, padding: "9px 16px" },
  buttonBack: { color: MUTED, fontSize: 14, fontWeight: 600, marginInlineEnd: 8 },
  buttonSkip: { color: SUBTLE, fontSize: 14, fontWeight: 500, paddingInlineStart: 0 },
  spotlight: { borderRadius: 12 },
};

const TOOLTIP_SELECTOR = ".react-joyride__tooltip";

/**
 * The react-joyride tour (SPEC.md §4). Mounted only while a tour runs: the parent mounts it with a
 * fresh key to (re)start from the first step, and unmounts it when `onEnd` fires.
 */
export function GuidedTour({ steps, onEnd }: GuidedTourProps) {
  const helpers = useRef<StoreHelpers | null>(null);
  const ended = useRef(false);
  const { t } = useTranslation();

  // Every step opens straight on its tooltip: the tour is already running, a beacon would be one click too many.
  const joyrideSteps = useMemo<Step[]>(
    () =>
      stepsForScreen(steps, window.matchMedia(WIDE_SCREEN_QUERY).matches).map((step) => ({
        target: step.target,
        title: t(`tour.steps.${step.id}.title`),
        content: t(`tour.steps.${step.id}.content`),
        placement: step.placement,
        disableBeacon: true,
      })),
    [steps, t],
  );
  const labels = useMemo(() => Object.fromEntries(TOUR_LABEL_KEYS.map((key) => [key, t(`tour.labels.${key}`)])), [t]);

  // Escape leaves the tour the way Skip does; joyride's own Escape would only advance one step.
  // Tab stays in the tooltip: the page behind the overlay is not reachable while the tour runs.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") helpers.current?.skip();
      if (event.key !== "Tab") return;
      const tooltip = document.querySelector<HTMLElement>(TOOLTIP_SELECTOR);
      if (!tooltip) return;
      const buttons = Array.from(tooltip.querySelectorAll<HTMLElement>("button:not([disabled])"));
      if (buttons.length === 0) return;
      const at = buttons.indexOf(document.activeElement as HTMLElement);
      event.preventDefault();
      const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      buttons[next].focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  function onCallback(data: CallBackProps) {
    // Each new tooltip takes the keyboard focus on its main button, so Enter goes on and Tab stays inside.
    if (data.type === EVENTS.TOOLTIP) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`${TOOLTIP_SELECTOR} [data-action="primary"]`)?.focus(),
      );
    }
    if (data.type === EVENTS.TARGET_NOT_FOUND) {
      const target = typeof data.step.target === "string" ? data.step.target : "an element";
      console.warn(
        `Guided tour: skipped step ${data.index + 1} of ${data.size}, ${target} is not mounted or not visible.`,
      );
      return;
    }
    if (
      data.type === EVENTS.TOUR_END &&
      !ended.current &&
      (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED)
    ) {
      ended.current = true;
      onEnd(data.status);
    }
  }

  return (
    <Joyride
      steps={joyrideSteps}
      run
      continuous
      showSkipButton
      hideCloseButton
      disableOverlayClose
      disableCloseOnEsc
      spotlightPadding={TOUR_SPOTLIGHT_PADDING}
      scrollOffset={TOUR_SCROLL_OFFSET}
      scrollDuration={TOUR_SCROLL_DURATION_MS}
      locale={labels}
      styles={styles}
      getHelpers={(h) => {
        helpers.current = h;
      }}
      callback={onCallback}
    />
  );
}
