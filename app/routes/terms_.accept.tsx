import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/form";
import { LegalPage } from "~/components/legal/legal-page";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { redirectToSchema } from "~/features/auth/schemas";
import { safeRedirect } from "~/features/layout/routes";
import { hasAcceptedTerms, recordTermsAccepted } from "~/features/legal/acceptance.server";
import { readLegalText } from "~/features/legal/content.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "New terms of use", matches });

export const headers = privatePageHeaders;

const acceptSchema = z.object({
  version: z.string({ required_error: "Reload the page and accept the terms shown." }).min(1).max(60),
  redirectTo: redirectToSchema,
});

/**
 * Where the signed-in app sends a member who has not accepted the current terms (decision 043).
 * One who has goes on to where they were going.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const terms = await readLegalText("terms");
  if (await hasAcceptedTerms(await getStore(), user.uid, terms.version))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return terms;
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
      "The terms changed while you were reading them. Read the new version below and accept it to continue.",
      409,
    );
  await recordTermsAccepted(await getStore(), user.uid, version);
  return redirect(safeRedirect(redirectTo));
}

export default function AcceptTerms() {
  const terms = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <LegalPage text={terms}>
      <section aria-labelledby="accept-heading" className="mb-8 rounded-xl border border-brand-200 bg-brand-50 p-4">
        <h1 id="accept-heading" className="text-lg font-bold text-slate-900">
          Our terms of use have changed
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Please read them and accept them to go on using SkillSwap. The{" "}
          <a href="/privacy" className="font-medium text-brand-700 underline">
            privacy notice
          </a>{" "}
          says what we keep about you and why.
        </p>
        <div className="mt-3">
          <FormError message={failure?.formError} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Form method="post">
            <input type="hidden" name="version" value={terms.version} />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Saving…" : "Accept and continue"}
            </button>
          </Form>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary">
              Log out
            </button>
          </Form>
        </div>
      </section>
    </LegalPage>
  );
}
