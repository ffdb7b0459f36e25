import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormError } from "~/components/form";
import { LegalPage } from "~/components/legal/legal-page";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { redirectToSchema } from "~/features/auth/schemas";
import { safeRedirect } from "~/features/layout/routes";
import { hasAcceptedTerms, recordTermsAccepted } from "~/features/legal/acceptance.server";
import { readLegalText, readLegalTextIn } from "~/features/legal/content.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "legal" };
export const clientLoader = loadingNamespaces("legal");

export const headers = privatePageHeaders;

const acceptSchema = z.object({
  version: z.string({ required_error: "validation.termsReload" }).min(1).max(60),
  redirectTo: redirectToSchema,
});

/**
 * Where the signed-in app sends a member who has not accepted the current terms (decision 043).
 * One who has goes on to where they were going.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  // The text in the reader's language carries the version in force (readLegalTextIn), so the member accepts what they read.
  const terms = await readLegalTextIn("terms", language);
  if (await hasAcceptedTerms(await getStore(), user.uid, terms.version))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return { terms, title: fixedT(language, "legal")("accept.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, acceptSchema);
  if (!parsed.ok) return parsed.failure;
  const { version, redirectTo } = parsed.value;
  // The member accepts the text they read: if the operator published another meanwhile, they read that one first.
  if (version !== (await readLegalText("terms")).version)
    return formFailure(
      parsed.form,
      fixedT(await languageOf(request, user.profile.language), "legal")("accept.changed"),
      409,
    );
  await recordTermsAccepted(await getStore(), user.uid, version);
  return redirect(safeRedirect(redirectTo));
}

export default function AcceptTerms() {
  const { terms } = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <LegalPage text={terms}>
      <section aria-labelledby="accept-heading" className="mb-8 rounded-xl border border-brand-200 bg-brand-50 p-4">
        <h1 id="accept-heading" className="text-lg font-bold text-slate-900">
          {t("accept.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {interleave(
            (mark) => t("accept.text", { privacy: mark }),
            <a href="/privacy" className="font-medium text-brand-700 underline">
              {t("accept.privacyLink")}
            </a>,
          )}
        </p>
        <div className="mt-3">
          <FormError message={failure?.formError} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Form method="post">
            <input type="hidden" name="version" value={terms.version} />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t("accept.saving") : t("accept.accept")}
            </button>
          </Form>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary">
              {t("accept.logOut")}
            </button>
          </Form>
        </div>
      </section>
    </LegalPage>
  );
}
