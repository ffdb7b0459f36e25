/**
 * The auth port's browser face for account e-mail links: where the engine opens them in the
 * browser (AuthCapabilities.emailLinksInBrowser), this loads the code that does, lazily, so a
 * page never names the engine. Only the Firebase engine has such code today.
 */
import type { TFunction } from "i18next";
import type { EmailActionMode, EmailActionOutcome } from "./types";

export type { EmailActionMode, EmailActionOutcome };

export interface EmailLinkActions {
  openEmailAction(mode: EmailActionMode, oobCode: string): Promise<EmailActionOutcome>;
  confirmNewPassword(oobCode: string, password: string): Promise<void>;
  /**
   * The message to show when the error means the link cannot be used, in the page's language (`t`
   * of a page that loads "auth"); null for anything else.
   */
  linkProblemOf(error: unknown, t: TFunction): string | null;
  /** True when the new password itself was refused (the link still works). */
  isWeakPassword(error: unknown): boolean;
  messageFor(error: unknown, t: TFunction): string;
}

export function loadEmailLinkActions(): Promise<EmailLinkActions> {
  return import("../firebase/email-action.client");
}
