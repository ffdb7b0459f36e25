import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthShell } from "~/components/auth-shell";
import { FormError } from "~/components/form";
import { getStore } from "~/engine/index.server";
import { checkDigestLink, unsubscribeFromDigest } from "~/features/digest/unsubscribe.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { getServerEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: "digest" };
export const clientLoader = loadingNamespaces("digest");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({ title: data?.title ?? "Unsubscribe from the digest", matches });

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /digest/unsubscribe?token=…: asks before it changes anything, because mail scanners and link
 * previews fetch links (decision 047). A forged or expired link says so, with a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = fixedT(await languageOf(request), "digest");
  const title = t("unsubscribe.title");
  const token = new URL(request.url).searchParams.get("token");
  const check = checkDigestLink(getServerEnv().SESSION_SECRET, token);
  if (!check.ok)
    return data(
      { ok: false as const, message: t(`unsubscribe.${check.refusal}`), token: "", title },
      { status: 400, headers: NO_STORE },
    );
  return data({ ok: true as const, message: "", token: token!, title }, { headers: NO_STORE });
}

/** The form of the page's button, or RFC 8058's `List-Unsubscribe=One-Click` from a mail client. */
const unsubscribeSchema = z.object({
  token: z.string().max(300).optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});

/**
 * POST /digest/unsubscribe?token=…: the one-click unsubscribe. No session and no origin check (a mail
 * provider sends it, signed out, from its own servers: origin.server.ts exempts this path); the
 * signed token is the authority and turning the digest off is all it does.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const parsed = unsubscribeSchema.safeParse(Object.fromEntries(form));
  const token = new URL(request.url).searchParams.get("token") ?? (parsed.success ? parsed.data.token : undefined);
  const t = fixedT(await languageOf(request), "digest");
  if (!parsed.success)
    return data({ done: false as const, message: t("unsubscribe.unreadable") }, { status: 400, headers: NO_STORE });
  const result = await unsubscribeFromDigest(await getStore(), getServerEnv().SESSION_SECRET, token);
  if (!result.ok)
    return data(
      { done: false as const, message: t(`unsubscribe.${result.refusal}`) },
      { status: 400, headers: NO_STORE },
    );
  return data({ done: true as const, message: t("unsubscribe.done") }, { headers: NO_STORE });
}

export default function DigestUnsubscribe() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("digest");
  if (answer?.done)
    return (
      <AuthShell title={t("unsubscribe.doneTitle")} subtitle={answer.message}>
        <Link to="/settings#digest" className="btn-secondary w-full">
          {t("unsubscribe.toSettings")}
        </Link>
      </AuthShell>
    );
  const refusal = answer && !answer.done ? answer.message : page.ok ? "" : page.message;
  if (refusal)
    return (
      <AuthShell title={t("unsubscribe.refusedTitle")}>
        <FormError message={refusal} />
        <Link to="/settings#digest" className="btn-secondary mt-6 w-full">
          {t("unsubscribe.toSettings")}
        </Link>
      </AuthShell>
    );
  return (
    <AuthShell title={t("unsubscribe.ask")} subtitle={t("unsubscribe.askSubtitle")}>
      <Form method="post">
        <input type="hidden" name="token" value={page.token} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {t("unsubscribe.button")}
        </button>
      </Form>
    </AuthShell>
  );
}
