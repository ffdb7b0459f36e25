import { useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { OnboardingState } from "~/features/onboarding/onboarding.server";
import {
  START_TOUR_EVENT,
  TOUR_COMPLETED_EVENT,
  tourRequested,
  withoutTourParam,
} from "~/features/onboarding/start-tour";
import {
  LOCAL_FLAG_VALUE,
  TOUR_LOCAL_FLAGS,
  hasLocalTourFlag,
  shouldStartTour,
  tourSteps,
  validateSteps,
} from "~/features/onboarding/tour";
import {
  WELCOME_BONUS_PARAM,
  shouldShowWelcomeModal,
  wbShownKey,
  welcomeBonusAmount,
} from "~/features/onboarding/welcome-bonus";

/**
 * A part of the island fetched when it is about to show. If its script cannot be fetched (offline,
 * or a new deployment replaced it), the dashboard carries on without it, as with a failed flag write.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn("An onboarding part could not be loaded", error);
        return { default: (() => null) as ComponentType<P> };
      },
    ),
  );
}

// Joyride (with popper) and the confetti are a third of the dashboard's JavaScript, and a member
// who has finished the tour never sees either: they load when one is about to show (issue 28).
const GuidedTour = onDemand(() => import("./guided-tour.client").then((m) => m.GuidedTour));
const WelcomeBonusModal = onDemand(() => import("./welcome-bonus-modal.client").then((m) => m.WelcomeBonusModal));

type OnboardingProps = OnboardingState;

/** Storage can be switched off or full; the tour then behaves as in a fresh browser. */
function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string): void {
  try {
    window.localStorage.setItem(key, LOCAL_FLAG_VALUE);
  } catch {
    // The profile flag is the durable record; the local one only saves a round trip.
  }
}

/** SPEC.md §8: a failed write of an onboarding flag is silently ignored. */
function markOnProfile(flag: "tourCompleted" | "welcomeBonusShown"): void {
  // A plain fetch, not a fetcher: a fetcher's failed action would surface in the route's error boundary.
  fetch("/api/onboarding", { method: "POST", body: new URLSearchParams({ flag }), credentials: "same-origin" }).catch(
    () => {},
  );
}

/**
 * The dashboard's onboarding island: runs the guided tour and then the welcome bonus modal.
 * Client-only, because both read this browser's flags and joyride needs the DOM.
 */
export function Onboarding(props: OnboardingProps) {
  return <ClientOnly fallback={null}>{() => <OnboardingIsland {...props} />}</ClientOnly>;
}

function OnboardingIsland({ uid, tourCompleted, welcomeBonusShown, storedBonus, bonusCheckFailed }: OnboardingProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Each run gets its own key, so a restart always begins at the first step.
  const [tourRun, setTourRun] = useState<number | null>(null);
  const [bonus, setBonus] = useState<number | null>(null);
  // How many times the island has decided whether to show the tour or the bonus. Rendered as a
  // data attribute, so a test can wait for the decision before asserting that nothing showed.
  const [decisions, setDecisions] = useState(0);
  // The loader's view as of this visit; the island's own decisions take over from there.
  const initial = useRef({
    uid,
    tourCompleted,
    welcomeBonusShown,
    storedBonus,
    bonusCheckFailed,
    search: location.search,
  });

  const startTour = useCallback(() => {
    const validation = validateSteps(tourSteps);
    if (!validation.valid) {
      console.warn(`Guided tour not started: ${validation.reason}.`);
      return;
    }
    setBonus(null);
    setTourRun((run) => (run ?? 0) + 1);
  }, []);

  const checkWelcomeBonus = useCallback((tourDone: boolean) => {
    const state = initial.current;
    setDecisions((n) => n + 1);
    try {
      if (state.bonusCheckFailed) return;
      const key = wbShownKey(state.uid);
      const show = shouldShowWelcomeModal({
        tourDone,
        localWbShown: window.localStorage.getItem(key) === LOCAL_FLAG_VALUE,
        welcomeBonusShown: state.welcomeBonusShown,
      });
      if (!show) return;
      const amount = welcomeBonusAmount(new URLSearchParams(state.search).get(WELCOME_BONUS_PARAM), state.storedBonus);
      window.localStorage.setItem(key, LOCAL_FLAG_VALUE);
      markOnProfile("welcomeBonusShown");
      setBonus(amount);
    } catch (error) {
      console.error("welcome bonus modal check failed", error);
    }
  }, []);

  // On arrival, once: a requested tour, else the automatic one, else the bonus if the tour is behind the user.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const { tourCompleted, search } = initial.current;
    const requested = tourRequested(search);
    if (requested) navigate({ search: withoutTourParam(search) }, { replace: true, preventScrollReset: true });
    const localFlag = hasLocalTourFlag(readLocal);
    if (requested || shouldStartTour({ signedIn: true, tourCompleted, localFlag })) {
      startTour();
      setDecisions((n) => n + 1);
    } else checkWelcomeBonus(tourCompleted || localFlag);
  }, [navigate, startTour, checkWelcomeBonus]);

  useEffect(() => {
    const onTourCompleted = () => checkWelcomeBonus(true);
    window.addEventListener(START_TOUR_EVENT, startTour);
    window.addEventListener(TOUR_COMPLETED_EVENT, onTourCompleted);
    return () => {
      window.removeEventListener(START_TOUR_EVENT, startTour);
      window.removeEventListener(TOUR_COMPLETED_EVENT, onTourCompleted);
    };
  }, [startTour, checkWelcomeBonus]);

  const onTourEnd = useCallback(() => {
    setTourRun(null);
    for (const key of TOUR_LOCAL_FLAGS) writeLocal(key);
    markOnProfile("tourCompleted");
    window.dispatchEvent(new Event(TOUR_COMPLETED_EVENT));
  }, []);

  return (
    <>
      <span hidden data-testid="onboarding-decisions" data-count={decisions} />
      <Suspense fallback={null}>
        {tourRun !== null ? <GuidedTour key={tourRun} steps={tourSteps} onEnd={onTourEnd} /> : null}
        {bonus !== null ? <WelcomeBonusModal amount={bonus} onClose={() => setBonus(null)} /> : null}
      </Suspense>
    </>
  );
}
