/**
 * Stand-ins for components drawn to static markup in a unit test, without a Remix app or a counted
 * hook's real module around them. Use them from `vi.mock` factories (the factory imports this file).
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { vi } from "vitest";

/** Remix's `Link` as a plain anchor: the href is what a person follows. */
export function PlainLink({
  to,
  children,
  ...props
}: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

/** react-i18next with `useTranslation` counted, still answering as it does (issue 28: hooks a view). */
export function withCountedUseTranslation(real: typeof import("react-i18next")) {
  return { ...real, useTranslation: vi.fn(real.useTranslation) };
}
