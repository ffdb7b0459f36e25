import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/auth-shell";
import { FormError, FormNotice } from "~/components/form";
import { NewPasswordFields } from "~/components/new-password-fields";
import { LoadingScreen } from "~/components/loading-screen";
import { getAuth, getStore } from "~/engine/index.server";
import { AuthError, type EmailActionMode } from "~/engine/auth/types";
import { useEmailLinkAction } from "~/components/auth/use-email-link-action";
import { resetPasswordSchema, verifyEmailSchema } from "~/features/auth/schemas";
import { settleVerifiedAccount } from "~/features/auth/verification.server";
import { getCurrentUser } from "~/features/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { authErrorText } from "~/i18n/validation";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// The new-password fields' words are in "profile".
export const handle = { i18n: ["auth", "profile"] };
export const clientLoader = loadingNamespaces("auth", "profile");

const BROWSER_MODES: readonly string[] = ["resetPassword", "verifyEmail", "recoverEmail"] satisfies EmailActionMode[];

/**
 * Handles the links in account emails: `?mode=resetPassword&oobCode=…`. In Firebase mode the
 * links (also `verifyEmail` and `recoverEmail`) are Firebase's own and are opened in the browser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode");
  const oobCode = url.searchParams.get("oobCode") ?? "";
  const t = fixedT(await languageOf(request, (await getCurrentUser(request))?.profile.language), "auth");
  const title = t("action.meta");
  if (mode && BROWSER_MODES.includes(mode) && (await getAuth()).capabilities.emailLinksInBrowser) {
    return { state: "inBrowser" as const, mode: mode as EmailActionMode, oobCode, email: "", message: "", title };
  }
  if (mode === "verifyEmail") {
    // A button, not the GET itself: mail scanners open links, and only the person should verify.
    return { state: "verify" as const, oobCode, email: "", message: "", title };
  }
  if (mode !== "resetPassword") {
    return {
      state: "unknown" as const,
      oobCode: "",
      email: "",
      message: t("action.unknownLink"),
      title,
    };
  }
  try {
    const email = await (await getAuth()).checkResetCode(oobCode);
    return { state: "reset" as const, oobCode, email, message: "", title };
  } catch (error) {
    if (error instanceof AuthError)
      return { state: "invalid" as const, oobCode: "", email: "", message: authErrorText(error, t), title };
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if (
    (
      await request
        .clone()
        .formData()
        .catch(() => null)
    )?.get("intent") === "verifyEmail"
  )
    return verify(request);
  const parsed = await parseForm(request, resetPasswordSchema);
  if (!parsed.ok) return parsed.failure;
  const t = fixedT(await languageOf(request), "auth");
  try {
    await (await getAuth()).resetPassword(parsed.value.oobCode, parsed.value.password);
  } catch (error) {
    if (error instanceof AuthError) return formFailure(parsed.form, authErrorText(error, t), 400);
    throw error;
  }
  return redirectWithToast("/auth", { type: "success", title: t("action.passwordChangedToast") });
}

/** Decision 024: the address is verified, so the account's hold goes and payments that waited go out. */
async function verify(request: Request) {
  const parsed = await parseForm(request, verifyEmailSchema);
  if (!parsed.ok) return parsed.failure;
  try {
    const { uid } = await (await getAuth()).verifyEmail(parsed.value.oobCode);
    await settleVerifiedAccount(await getStore(), uid);
  } catch (error) {
    if (error instanceof AuthError)
      return formFailure(parsed.form, authErrorText(error, fixedT(await languageOf(request), "auth")), 400);
    throw error;
  }
  return { verified: true as const };
}

export default function AuthAction() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "inBrowser") return <FirebaseEmailAction mode={data.mode} oobCode={data.oobCode} />;
  if (data.state === "verify") return <ServerEmailVerification oobCode={data.oobCode} />;
  if (data.state !== "reset") return <LinkCannotBeUsed message={data.message} />;
  return <ServerPasswordReset email={data.email} oobCode={data.oobCode} />;
}

function EmailVerified() {
  const { t } = useTranslation("auth");
  return (
    <AuthShell title={t("action.verifiedTitle")}>
      <Link to="/dashboard" className="btn-primary w-full">
        {t("action.continue")}
      </Link>
    </AuthShell>
  );
}

function ServerEmailVerification({ oobCode }: { oobCode: string }) {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (actionData && "verified" in actionData) return <EmailVerified />;
  const failure = actionData && "formError" in actionData ? actionData.formError : undefined;
  if (failure) {
    return (
      <AuthShell title={t("action.cannotUse")}>
        <FormError message={failure} />
        <Link to="/settings" className="btn-primary mt-6 w-full">
          {t("action.goToSettings")}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("action.verifyTitle")} subtitle={t("action.verifySubtitle")}>
      <Form method="post">
        <input type="hidden" name="intent" value="verifyEmail" />
        <input type="hidden" name="oobCode" value={oobCode} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          {t("action.verifyButton")}
        </button>
      </Form>
    </AuthShell>
  );
}

function LinkCannotBeUsed({ message }: { message: string }) {
  const { t } = useTranslation("auth");
  return (
    <AuthShell title={t("action.cannotUse")}>
      <FormError message={message} />
      <Link to="/reset-password" className="btn-primary mt-6 w-full">
        {t("action.askNewLink")}
      </Link>
    </AuthShell>
  );
}

interface ChooseNewPasswordProps {
  email: string;
  oobCode: string;
  busy: boolean;
  fieldErrors?: Record<string, string>;
  formError?: string;
  /** Firebase mode: the browser sets the password; without it the form posts to the action. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

function ChooseNewPassword({ email, oobCode, busy, fieldErrors, formError, onSubmit }: ChooseNewPasswordProps) {
  const { t } = useTranslation("auth");
  return (
    <AuthShell
      title={t("action.meta")}
      subtitle={interleave((mark) => t("action.forEmail", { email: mark }), <bdi translate="no">{email}</bdi>)}
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="oobCode" value={oobCode} />
        <FormError message={formError} />
        <NewPasswordFields name="password" errors={fieldErrors} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {t("action.save")}
        </button>
      </Form>
    </AuthShell>
  );
}

function ServerPasswordReset({ email, oobCode }: { email: string; oobCode: string }) {
  const data = useActionData<typeof action>();
  const actionData = data && "formError" in data ? data : undefined;
  const navigation = useNavigation();
  return (
    <ChooseNewPassword
      email={email}
      oobCode={oobCode}
      busy={navigation.state !== "idle"}
      fieldErrors={actionData?.fieldErrors}
      formError={actionData?.formError}
    />
  );
}

function FirebaseEmailAction({ mode, oobCode }: { mode: EmailActionMode; oobCode: string }) {
  const { t } = useTranslation("auth");
  const { view, form, onSubmitNewPassword } = useEmailLinkAction(mode, oobCode);
  switch (view.step) {
    case "loading":
      return <LoadingScreen />;
    case "invalid":
      return <LinkCannotBeUsed message={view.message} />;
    case "resetPassword":
      return (
        <ChooseNewPassword
          email={view.email}
          oobCode={oobCode}
          busy={form.busy}
          fieldErrors={form.fieldErrors}
          formError={form.formError}
          onSubmit={onSubmitNewPassword}
        />
      );
    case "passwordChanged":
      return (
        <AuthShell title={t("action.changedTitle")} subtitle={t("action.changedSubtitle")}>
          <Link to="/auth" className="btn-primary w-full">
            {t("signIn.submit")}
          </Link>
        </AuthShell>
      );
    case "emailVerified":
      return <EmailVerified />;
    case "emailRestored":
      return (
        <AuthShell
          title={interleave(
            (mark) => t("action.restoredTitle", { email: mark }),
            <bdi translate="no">{view.email}</bdi>,
          )}
        >
          <FormNotice>{t("action.restoredText")}</FormNotice>
          <Link to="/reset-password" className="btn-primary mt-6 w-full">
            {t("reset.title")}
          </Link>
        </AuthShell>
      );
    case "unavailable":
      return (
        <AuthShell title={t("action.unavailableTitle")}>
          <FormError message={view.message} />
          <button type="button" className="btn-primary mt-6 w-full" onClick={() => window.location.reload()}>
            {t("action.tryAgain")}
          </button>
        </AuthShell>
      );
  }
}
