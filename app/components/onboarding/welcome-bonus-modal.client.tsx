import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import Confetti from "react-confetti";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";
import { CONFETTI_DURATION_MS, CONFETTI_PIECES } from "~/features/onboarding/welcome-bonus";

interface WelcomeBonusModalProps {
  amount: number;
  onClose: () => void;
}

// Brand and coin colours from tailwind.config.ts, so the confetti matches the page.
const CONFETTI_COLORS = ["#1d5cee", "#337bf9", "#8ec2ff", "#f59e0b", "#fbbf24", "#d97706", "#10b981", "#f43f5e"];

function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return size;
}

/** SPEC.md §2 welcome bonus modal: the SP amount, replayable confetti and an Awesome! button. */
export function WelcomeBonusModal({ amount, onClose }: WelcomeBonusModalProps) {
  const { width, height } = useWindowSize();
  // A new key remounts the confetti, which is how it replays from the top.
  const [burst, setBurst] = useState(0);
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const dialog = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  // Focus moves in on open and goes back to where it was on close, as for any modal dialog.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirm.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    // Keep Tab inside the dialog: the page behind it is inert while it is open.
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>("button:not([disabled])"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      role="presentation"
      className="fixed inset-0 z-[110] flex items-center justify-center p-4"
      onKeyDown={onKeyDown}
    >
      <div className="absolute inset-0 bg-slate-900/60 backdrop-blur-[2px]" aria-hidden="true" />
      <Confetti
        key={burst}
        width={width}
        height={height}
        numberOfPieces={CONFETTI_PIECES}
        tweenDuration={CONFETTI_DURATION_MS}
        recycle={false}
        colors={CONFETTI_COLORS}
        style={{ position: "fixed" }}
        data-testid="welcome-confetti"
      />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="relative z-[1] w-full max-w-sm overflow-hidden rounded-3xl bg-white px-6 pb-6 pt-8 text-center shadow-2xl"
      >
        <div
          className="absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-coin-400/25 to-transparent"
          aria-hidden="true"
        />
        <button
          type="button"
          onClick={() => setBurst((n) => n + 1)}
          aria-label={t("welcome.coin")}
          className="relative mx-auto grid h-28 w-28 place-items-center rounded-full bg-gradient-to-br from-coin-400 via-coin-500 to-coin-600 shadow-[0_10px_30px_-6px_rgba(217,119,6,0.65)] ring-4 ring-coin-400/40 transition hover:scale-105 active:scale-95"
        >
          <span className="grid h-[5.5rem] w-[5.5rem] place-items-center rounded-full border-2 border-white/50 bg-coin-500 text-3xl font-black tracking-tight text-amber-950 [text-shadow:0_1px_0_rgba(255,255,255,0.45)]">
            {/* The coin's face; the button's name starts with these letters (WCAG 2.5.3). */}
            {t("welcome.coinFace")}
          </span>
        </button>
        <h2 id={titleId} className="relative mt-6 text-2xl font-bold tracking-tight text-slate-900">
          {t("welcome.title")}
        </h2>
        <p id={textId} className="relative mt-2 text-base text-slate-600">
          {interleave(
            (mark) => t("welcome.received", { amount: mark }),
            <strong className="font-bold text-amber-700" data-testid="welcome-bonus-amount">
              {t("welcome.amount", { amount: formatNumber(amount, locale) })}
            </strong>,
          )}
        </p>
        <p className="relative mt-1 text-xs text-slate-500">{t("welcome.tapCoin")}</p>
        <button
          ref={confirm}
          type="button"
          onClick={onClose}
          className="btn-primary relative mt-6 w-full py-2.5 text-base"
        >
          {t("welcome.awesome")}
        </button>
      </div>
    </div>,
    document.body,
  );
}
