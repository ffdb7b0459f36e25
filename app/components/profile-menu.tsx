import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { startTour } from "~/features/onboarding/start-tour";
import { Icon } from "./icons";
import { usePopup } from "./use-popup";
import { pictureSources } from "~/features/members/picture";

const ENTRIES = [
  { to: "/profile", labelKey: "profileMenu.profile" },
  { to: "/settings", labelKey: "profileMenu.settings" },
  { to: "/subscriptions", labelKey: "profileMenu.subscriptions" },
  { to: "/saved", labelKey: "profileMenu.saved" },
];

export function ProfileMenu({ displayName, avatar }: { displayName: string; avatar: string }) {
  const { open, setOpen, toggle, close, root, trigger, panelId: menuId } = usePopup();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();

  function onMenuKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]"));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        data-tour="profile-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() =>
              document.getElementById(menuId)?.querySelector<HTMLElement>("[role=menuitem]")?.focus(),
            );
          }
        }}
        className="flex items-center gap-2 rounded-full py-1 ps-1 pe-2 hover:bg-slate-100"
      >
        <img
          {...pictureSources(avatar, 32)}
          alt=""
          width={32}
          height={32}
          className="h-8 w-8 rounded-full object-cover ring-1 ring-slate-200"
        />
        {/* Named "Profile menu", then the name it shows on wider screens (WCAG 2.5.3). */}
        <span className="sr-only">{t("profileMenu.label")}</span>
        <span
          dir="auto"
          translate="no"
          className="hidden max-w-[10rem] truncate text-sm font-medium sm:block"
          data-testid="display-name"
        >
          {displayName}
        </span>
        <Icon name="chevron" className="h-4 w-4 text-slate-500" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={t("profileMenu.label")}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <p
            dir="auto"
            translate="no"
            className="truncate border-b border-slate-100 px-4 py-2 text-sm font-semibold sm:hidden"
          >
            {displayName}
          </p>
          {ENTRIES.map((entry) => (
            <Link
              key={entry.to}
              to={entry.to}
              role="menuitem"
              onClick={() => close("select")}
              className="block px-4 py-2 text-sm hover:bg-slate-50 focus:bg-slate-50"
            >
              {t(entry.labelKey)}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close("select");
              startTour(pathname, navigate);
            }}
            className="block w-full px-4 py-2 text-start text-sm hover:bg-slate-50 focus:bg-slate-50"
          >
            {t("profileMenu.tour")}
          </button>
          <Form method="post" action="/logout" replace className="border-t border-slate-100">
            <button
              type="submit"
              role="menuitem"
              className="block w-full px-4 py-2 text-start text-sm text-red-600 hover:bg-red-50 focus:bg-red-50"
            >
              {t("profileMenu.logOut")}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
