import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { onInstallOffer, takeInstallOffer, type BeforeInstallPromptEvent } from "./install-event";
import { DISMISSED_KEY, VISITS_KEY, countVisit, parseVisits, shouldOfferInstall } from "~/features/pwa/install-moment";

/** The tour, the welcome bonus, the top-up window, the wallet: the offer waits until they are closed. */
const DIALOGS = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/** True while a dialog is open in the page; watched only while `watch` holds. */
function useDialogOpen(watch: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const check = () => setOpen(document.querySelector(DIALOGS) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["role"] });
    return () => observer.disconnect();
  }, [watch]);
  return open;
}

/**
 * Events that say the member is using the page. They are also what ends the browser's search for
 * the page's largest paint: an offer drawn before them would be measured as the page's LCP.
 */
const ENGAGING_EVENTS = ["pointerdown", "keydown", "scroll"] as const;

/** True from the member's first tap, click, key or scroll on this page (kept across client navigations). */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    const engage = () => setEngaged(true);
    const options = { capture: true, passive: true, once: true } as const;
    for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, options);
    return () => {
      for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, options);
    };
  }, [engaged]);
  return engaged;
}

function readStorage(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null; // storage switched off: behave as a first visit, never offer
  }
}

/**
 * Offers installing SkillSwap as an app, in the signed-in shell, from the member's second visit on
 * this device, once the browser says it can, the member has used the page (decision 084) and no
 * dialog (the tour, the welcome bonus) is open (decision 045). "Not now" is remembered on this device.
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [visits, setVisits] = useState(0);
  const [dismissed, setDismissed] = useState(true);
  const [standalone, setStandalone] = useState(false);
  const engaged = useEngaged();

  useEffect(() => {
    try {
      setVisits(countVisit(window.localStorage, window.sessionStorage));
    } catch {
      setVisits(parseVisits(readStorage(() => window.localStorage.getItem(VISITS_KEY))));
    }
    setDismissed(readStorage(() => window.localStorage.getItem(DISMISSED_KEY)) !== null);
    setStandalone(window.matchMedia("(display-mode: standalone)").matches);
    return onInstallOffer(setDeferred);
  }, []);

  const due = shouldOfferInstall({ visits, dismissed, standalone, installable: deferred !== null, engaged });
  // Never on top of the tour or another window: it comes once they are closed.
  const dialogOpen = useDialogOpen(due);
  if (!due || dialogOpen) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    } catch {
      // not remembered: it is still gone for this page
    }
    setDismissed(true);
  };
  const install = async () => {
    const offer = takeInstallOffer();
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === "dismissed") dismiss();
  };

  return (
    <section
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
      className="fixed inset-x-4 bottom-20 z-40 mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-lg lg:inset-x-auto lg:bottom-6 lg:end-6"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
        <div className="min-w-0">
          <h2 id="install-prompt-title" className="font-semibold text-slate-900">
            {t("pwa.installTitle")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("pwa.installText")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={install}>
              {t("pwa.install")}
            </button>
            <button type="button" className="btn-secondary" onClick={dismiss}>
              {t("pwa.notNow")}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
