/**
 * What the two labelled test checkouts share (PAYMENTS=test only): the one-time pack checkout
 * (checkout.test.$checkoutId) and the subscription checkout (checkout.test-plan.$checkoutId).
 * Each stands in for a Stripe-hosted page; this helper holds their common action: origin and
 * session checks, the two intents, and the answers for unknown and closed checkouts.
 */
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { CheckoutClosedError, CheckoutNotFoundError } from "~/engine/payments/types";
import { requireUser } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import type { TFunction } from "i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";

export async function checkoutNotFound(request: Request, profileLanguage: string) {
  const t = fixedT(await languageOf(request, profileLanguage), "wallet");
  return data({ error: t("test.notFound") }, { status: 404 });
}

interface TestCheckoutSteps {
  /** The confirming intent's value ("pay", "subscribe") and the button's name in the 400 message. */
  confirm: { intent: string; label: string };
  /** Confirms checkout `id` for `uid`; answers where the browser goes next. */
  complete(id: string, uid: string): Promise<string>;
  /** Cancels checkout `id` for `uid`; answers where the browser goes next. */
  cancel(id: string, uid: string): Promise<string>;
  /** The 409 message for a checkout that is already paid or cancelled. */
  closedMessage(error: CheckoutClosedError): string;
}

/**
 * `stepsFor` runs once the request is checked, with the member's wallet texts; it throws the 404
 * when the test provider is off.
 */
export async function testCheckoutAction(
  request: Request,
  checkoutId: string,
  stepsFor: (t: TFunction, profileLanguage: string) => Promise<TestCheckoutSteps>,
) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const t = fixedT(await languageOf(request, user.profile.language), "wallet");
  const steps = await stepsFor(t, user.profile.language);
  const Intent = z.object({ intent: z.enum([steps.confirm.intent, "cancel"]) });
  const parsed = Intent.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ error: t("test.chooseButton", { confirm: steps.confirm.label }) }, { status: 400 });
  try {
    const next =
      parsed.data.intent === "cancel"
        ? await steps.cancel(checkoutId, user.uid)
        : await steps.complete(checkoutId, user.uid);
    return redirect(next);
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) throw await checkoutNotFound(request, user.profile.language);
    if (error instanceof CheckoutClosedError) return data({ error: steps.closedMessage(error) }, { status: 409 });
    throw error;
  }
}
