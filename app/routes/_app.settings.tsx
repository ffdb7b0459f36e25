import { useState } from "react";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { ChangePassword } from "~/components/settings/change-password";
import { useBrowserPasswordChange } from "~/components/auth/use-browser-password-change";
import { getAuth, getFiles, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { passwordChangeSchema } from "~/features/auth/schemas";
import { getDataExport } from "~/documents/data-exports";
import { downloadLink, requestExport } from "~/features/export/export.server";
import { DigestChoice } from "~/features/digest/digest-choice";
import { PushSettings } from "~/components/push/push-settings";
import { pushSection } from "~/features/push/choices.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { deleteAccount } from "~/features/members/delete-account.server";
import { saveNotificationPrefs } from "~/features/notifications/notifications.server";
import {
  ALWAYS_SENT,
  NOTIFICATION_CATEGORIES,
  readNotificationPrefs,
  type NotificationCategory,
} from "~/features/notifications/preferences";
import { startTour } from "~/features/onboarding/start-tour";
import { LanguageSettings } from "~/i18n/language-switcher";
import { updateProfile } from "~/features/profile/profile.server";
import { timeZoneOptions } from "~/features/profile/timezone";
import { knownTimeZone } from "~/utils/zoned-time";
import { requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { publicOrigin } from "~/utils/origin.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/features/bookings/format";
import { formatNumber, intlLocale } from "~/utils/format";
import { DAY_MS } from "~/features/export/rules";
import { clearSessionToken, commitSessionToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// The page's own texts ("profile"), the digest choice's ("digest") and the push section's ("push").
export const handle = { i18n: ["profile", "digest", "push"] };
export const clientLoader = loadingNamespaces("profile", "digest", "push");

/** Each category's label and hint in the "profile" catalogue: `settings.notifications.<category>` and `…Hint`. */
const CATEGORY_KEYS: Record<NotificationCategory, { label: string; hint: string }> = {
  messages: { label: "settings.notifications.messages", hint: "settings.notifications.messagesHint" },
  sessions: { label: "settings.notifications.sessions", hint: "settings.notifications.sessionsHint" },
  reminders: { label: "settings.notifications.reminders", hint: "settings.notifications.remindersHint" },
  replies: { label: "settings.notifications.replies", hint: "settings.notifications.repliesHint" },
  mentions: { label: "settings.notifications.mentions", hint: "settings.notifications.mentionsHint" },
  answers: { label: "settings.notifications.answers", hint: "settings.notifications.answersHint" },
  board: { label: "settings.notifications.board", hint: "settings.notifications.boardHint" },
  wallet: { label: "settings.notifications.wallet", hint: "settings.notifications.walletHint" },
};

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const settingsSchema = z.union([
  z.object({
    intent: z.literal("notifications"),
    ...(Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, checkbox])) as Record<
      NotificationCategory,
      typeof checkbox
    >),
  }),
  z.object({
    intent: z.literal("delete"),
    confirmation: z.string().trim().max(254).default(""),
    password: z.string().max(200).default(""),
  }),
  z.object({ intent: z.literal("resendVerification") }),
  z.object({ intent: z.literal("export") }),
  z.object({
    intent: z.literal("timezone"),
    timezone: z.string().refine((tz) => knownTimeZone(tz) !== null, "profile:validation.chooseTimezone"),
  }),
  passwordChangeSchema,
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auth = await getAuth();
  return {
    title: fixedT(await languageOf(request, user.profile.language), "profile")("settings.title"),
    email: user.email,
    // A session may remember the address as unverified since sign-in (a Firebase session cookie
    // keeps its claims): ask the engine for the account as it is now.
    emailVerified: user.emailVerified || (await auth.getUser(user.uid))?.emailVerified === true,
    notificationPrefs: readNotificationPrefs(user.profile),
    digest: user.profile.digest,
    // Where the server cannot check a password, the typed confirmation is the check.
    deleteNeedsPassword: auth.capabilities.checksPasswords,
    // Where it cannot, the browser changes the password with the engine's client SDK.
    passwordChangeInBrowser: !auth.capabilities.checksPasswords,
    timezone: user.profile.timezone,
    timezones: timeZoneOptions(),
    dataExport: yourData(await getDataExport(await getStore(), user.uid)),
    push: await pushSection(await getStore(), user.uid, readNotificationPrefs(user.profile)),
  };
}

/** What "Your data" shows: nothing asked yet, being made, ready (with its link until it expires), or failed. */
function yourData(current: Awaited<ReturnType<typeof getDataExport>>, now = Date.now()) {
  if (!current) return { state: "none" as const };
  if (current.state === "queued" || current.state === "building") return { state: "building" as const };
  if (current.state === "failed") return { state: "failed" as const };
  if (current.expiresAt === null || current.expiresAt <= now) return { state: "expired" as const };
  return {
    state: "ready" as const,
    href: downloadLink(current.archiveId),
    size: current.size,
    expiresAt: current.expiresAt,
    renewable: now >= current.requestedAt + DAY_MS,
  };
}

type SettingsInput = z.infer<typeof settingsSchema>;
/** What each intent's handler gets: one handler per form on the page. */
type HandlerArgs<I extends SettingsInput["intent"]> = {
  request: Request;
  context: AppLoadContext;
  user: CurrentUser;
  input: Extract<SettingsInput, { intent: I }>;
  form: FormData;
  /** The member's language, and the page's catalogue in it: every answer is in the member's words. */
  language: string;
  t: TFunction;
};

/** "Try again in 5 minutes" for a refusal that says when (the engines' too_many_attempts). */
function waitText(t: TFunction, ms = 60_000): string {
  return ms < 60_000
    ? t("settings.messages.waitSeconds", { count: Math.max(1, Math.ceil(ms / 1_000)) })
    : t("settings.messages.waitMinutes", { count: Math.ceil(ms / 60_000) });
}

async function saveNotifications({ user, input, t }: HandlerArgs<"notifications">) {
  const { intent: _intent, ...prefs } = input;
  await saveNotificationPrefs(await getStore(), user.uid, prefs);
  return { ok: true as const, message: t("settings.messages.notificationsSaved") };
}

async function resendVerification({ request, user, form, language, t }: HandlerArgs<"resendVerification">) {
  try {
    await (await getAuth()).sendEmailVerification(user.uid, publicOrigin(request), language);
  } catch (error) {
    if (error instanceof AuthError && error.code === "too_many_attempts")
      return formFailure(
        form,
        t("settings.messages.tooManyVerificationMails", { wait: waitText(t, error.retryAfterMs) }),
        429,
      );
    if (error instanceof AuthError) return formFailure(form, error.message, 400);
    throw error;
  }
  return { ok: true as const, message: t("settings.messages.verificationSent", { email: user.email }) };
}

async function askForData({ user, form, language, t }: HandlerArgs<"export">) {
  const verdict = await requestExport(await getStore(), await getFiles(), user.uid);
  if (verdict.ok) return { ok: true as const, message: t("settings.messages.exportStarted") };
  if (verdict.reason === "building") return formFailure(form, t("settings.messages.exportBuilding"), 409);
  const date = formatDateTime(verdict.nextAt, user.profile.timezone, intlLocale(language));
  return formFailure(form, t("settings.messages.exportDaily", { date }), 429);
}

async function saveTimezone({ user, input, t }: HandlerArgs<"timezone">) {
  await updateProfile(await getStore(), user.uid, { timezone: knownTimeZone(input.timezone) ?? "UTC" });
  return { ok: true as const, message: t("settings.messages.timezoneSaved") };
}

async function changePassword({ request, context, user, input, form, t }: HandlerArgs<"password">) {
  const auth = await getAuth();
  // This engine changes passwords in the browser's SDK: a post reached here without the page's scripts.
  if (!auth.capabilities.checksPasswords) return formFailure(form, t("settings.password.needsJavaScript"), 400);
  try {
    await auth.changePassword(user.uid, input.currentPassword, input.newPassword);
  } catch (error) {
    if (error instanceof AuthError) {
      const tooMany = error.code === "too_many_attempts";
      const message = tooMany
        ? t("settings.messages.tooManySignIns", { wait: waitText(t, error.retryAfterMs) })
        : error.code === "invalid_credentials"
          ? t("settings.messages.wrongCurrentPassword")
          : error.message;
      return formFailure(form, message, tooMany ? 429 : 400, { currentPassword: message });
    }
    throw error;
  }
  // Changing the password ended every session; this device gets a fresh one, the others stay signed out.
  const credentials = {
    kind: "password" as const,
    email: user.email,
    password: input.newPassword,
    clientKey: clientKeyOf(request, context),
  };
  const session = await auth.startSession(await auth.signIn(credentials), credentials);
  return data(
    { ok: true as const, message: t("settings.messages.passwordChanged") },
    { headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) } },
  );
}

async function deleteOwnAccount({ request, context, user, input, form, t }: HandlerArgs<"delete">) {
  const typed = input.confirmation.toLocaleLowerCase();
  // The word of the member's language, or DELETE as the English page says, or the email.
  const word = t("settings.delete.word");
  if (![word.toLocaleLowerCase(), "delete", user.email.toLowerCase()].includes(typed)) {
    const message = t("settings.messages.deleteConfirm", { word });
    return formFailure(form, message, 400, { confirmation: message });
  }
  const auth = await getAuth();
  if (auth.capabilities.checksPasswords) {
    try {
      await auth.signIn({
        kind: "password",
        email: user.email,
        password: input.password,
        clientKey: clientKeyOf(request, context),
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const message =
        error.code === "too_many_attempts"
          ? t("settings.messages.tooManySignIns", { wait: waitText(t, error.retryAfterMs) })
          : t("settings.messages.passwordIncorrect");
      return formFailure(form, message, error.code === "too_many_attempts" ? 429 : 400, { password: message });
    }
  }
  await deleteAccount({ store: await getStore(), auth, files: await getFiles() }, user.uid);
  return redirectWithToast(
    "/auth",
    { type: "info", title: t("settings.messages.accountDeleted") },
    { headers: { "Set-Cookie": await clearSessionToken() } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const parsed = await parseForm(request, settingsSchema, { language });
  if (!parsed.ok) return parsed.failure;
  const { value: input, form } = parsed;
  const shared = { request, context, user, form, language, t: fixedT(language, "profile") };
  switch (input.intent) {
    case "notifications":
      return saveNotifications({ ...shared, input });
    case "resendVerification":
      return resendVerification({ ...shared, input });
    case "export":
      return askForData({ ...shared, input });
    case "timezone":
      return saveTimezone({ ...shared, input });
    case "password":
      return changePassword({ ...shared, input });
    case "delete":
      return deleteOwnAccount({ ...shared, input });
  }
}

export default function Settings() {
  const { t } = useTranslation("profile");
  const {
    email,
    emailVerified,
    notificationPrefs,
    digest,
    deleteNeedsPassword,
    passwordChangeInBrowser,
    timezone,
    timezones,
    dataExport,
    push,
  } = useLoaderData<typeof loader>();
  const passwordChange = useBrowserPasswordChange(passwordChangeInBrowser);
  const posted = useActionData<typeof action>();
  // The browser's password change answers in the action's shape; any later post replaces it.
  const actionData = passwordChange.outcome ?? posted;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const link = "font-medium text-brand-700 underline";
  return (
    <>
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <div className="space-y-6">
        {actionData?.ok ? <FormNotice>{actionData.message}</FormNotice> : null}
        <FormError message={failure?.formError} />
        <section className="card space-y-4">
          <h2 className="text-base font-semibold">{t("settings.account.heading")}</h2>
          <Field
            label={t("settings.account.email")}
            name="email"
            value={email}
            readOnly
            disabled
            hint={t("settings.account.emailHint")}
          />
          {emailVerified ? null : <EmailNotVerified busy={navigation.state !== "idle"} />}
          <p className="text-sm text-slate-600">
            {interleave(
              (mark) => t("settings.account.profileLine", { link: mark }),
              <Link to="/profile" className="font-medium text-brand-700 hover:underline">
                {t("settings.account.profileLink")}
              </Link>,
            )}
          </p>
        </section>
        <LanguageSettings />
        <NotificationChoices prefs={notificationPrefs} busy={navigation.state !== "idle"} />
        <PushSettings {...push} timezone={timezone} />
        <DigestChoice frequency={digest} />
        <section className="card">
          <h2 className="text-base font-semibold">{t("settings.timezone.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("settings.timezone.intro")}</p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="timezone" />
            <div className="flex-1">
              <label htmlFor="settings-timezone" className="label">
                {t("settings.timezone.label")}
              </label>
              {/* The zones' names are identifiers (Europe/Lisbon), the same in every language. */}
              <select
                id="settings-timezone"
                name="timezone"
                defaultValue={timezone}
                className="input"
                translate="no"
                dir="ltr"
              >
                {timezones.map((tz) => (
                  <option key={tz} value={tz}>
                    {tz}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="btn-primary shrink-0 whitespace-nowrap"
              disabled={navigation.state !== "idle"}
            >
              {t("settings.timezone.save")}
            </button>
          </Form>
        </section>
        <ChangePassword
          inBrowser={passwordChangeInBrowser}
          onSubmit={passwordChange.onSubmit}
          fieldErrors={failure?.fieldErrors}
          busy={navigation.state !== "idle" || passwordChange.busy}
        />
        <section className="card">
          <h2 className="text-base font-semibold">{t("settings.tour.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("settings.tour.intro")}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => startTour(pathname, navigate)}>
            {t("settings.tour.start")}
          </button>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">{t("settings.privacy.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {interleave(
              (mark) => t("settings.privacy.text", { privacy: mark, terms: "\u2064" }),
              <Link to="/privacy" className={link}>
                {t("settings.privacy.privacyLink")}
              </Link>,
              {
                mark: "\u2064",
                element: (
                  <Link to="/terms" className={link}>
                    {t("settings.privacy.termsLink")}
                  </Link>
                ),
              },
            )}
          </p>
        </section>
        <YourData data={dataExport} timezone={timezone} busy={navigation.state !== "idle"} />
        <DeleteAccount
          needsPassword={deleteNeedsPassword}
          failure={failure?.values.intent === "delete" ? failure : undefined}
          busy={navigation.state !== "idle"}
        />
      </div>
    </>
  );
}

function NotificationChoices({ prefs, busy }: { prefs: Record<NotificationCategory, boolean>; busy: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <section className="card">
      <h2 className="text-base font-semibold">{t("settings.notifications.heading")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("settings.notifications.intro")}</p>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="notifications" />
        {NOTIFICATION_CATEGORIES.map((category) => {
          const always = ALWAYS_SENT.includes(category);
          return (
            <label key={category} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name={category}
                defaultChecked={always || prefs[category]}
                disabled={always}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
              />
              <span>
                <span className="font-medium text-slate-800">{t(CATEGORY_KEYS[category].label)}</span>
                <span className="block text-xs text-slate-500">{t(CATEGORY_KEYS[category].hint)}</span>
              </span>
            </label>
          );
        })}
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("settings.notifications.save")}
        </button>
      </Form>
    </section>
  );
}

function DeleteAccount({
  needsPassword,
  failure,
  busy,
}: {
  needsPassword: boolean;
  failure?: { fieldErrors: Record<string, string | undefined> };
  busy: boolean;
}) {
  const { t } = useTranslation("profile");
  // A failed attempt reopens the form so its errors are visible.
  const [open, setOpen] = useState(Boolean(failure));
  return (
    <section className="card border-red-200">
      <h2 className="text-base font-semibold text-red-700">{t("settings.delete.heading")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("settings.delete.text")}</p>
      {open ? (
        <Form method="post" className="mt-4 grid grid-cols-1 gap-4 sm:max-w-md" noValidate>
          <input type="hidden" name="intent" value="delete" />
          <Field
            label={t("settings.delete.confirm", { word: t("settings.delete.word") })}
            name="confirmation"
            autoComplete="off"
            error={failure?.fieldErrors.confirmation}
          />
          {needsPassword ? (
            <Field
              label={t("settings.delete.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              error={failure?.fieldErrors.password}
            />
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-danger" disabled={busy}>
              {t("settings.delete.submit")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t("settings.delete.keep")}
            </button>
          </div>
        </Form>
      ) : (
        <button type="button" className="btn-danger mt-4" onClick={() => setOpen(true)}>
          {t("settings.delete.open")}
        </button>
      )}
    </section>
  );
}

type DataExportView =
  | { state: "none" | "building" | "failed" | "expired" }
  | { state: "ready"; href: string; size: number; expiresAt: number; renewable: boolean };

/** "840 KB", "2.4 MB" in the reader's digits and units. */
function archiveSize(bytes: number, t: TFunction, locale: string): string {
  return bytes < 100_000
    ? t("settings.data.kilobytes", { size: formatNumber(Math.max(1, Math.round(bytes / 1000)), locale) })
    : t("settings.data.megabytes", {
        size: formatNumber(bytes / 1_000_000, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      });
}

/** Issue 32: a copy of everything SkillSwap keeps about the member, as one archive. */
function YourData({ data, timezone, busy }: { data: DataExportView; timezone: string; busy: boolean }) {
  const { t } = useTranslation("profile");
  const locale = useFormatLocale();
  const ask = (label: string) => (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="export" />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <section className="card" id="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="text-base font-semibold">
        {t("settings.data.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("settings.data.intro")}</p>
      {data.state === "building" ? (
        <p className="mt-4 text-sm font-medium text-slate-800" role="status">
          {t("settings.data.building")}
        </p>
      ) : data.state === "ready" ? (
        <div className="mt-4 space-y-2">
          <a href={data.href} className="btn-primary" download>
            {t("settings.data.downloadSized", { size: archiveSize(data.size, t, locale) })}
          </a>
          <p className="text-xs text-slate-500">
            {interleave(
              (mark) => t("settings.data.linkUntil", { date: mark }),
              <time dateTime={new Date(data.expiresAt).toISOString()}>
                {formatDateTime(data.expiresAt, timezone, locale)}
              </time>,
            )}
          </p>
          {data.renewable ? ask(t("settings.data.renew")) : null}
        </div>
      ) : (
        <>
          {data.state === "failed" ? (
            <p className="mt-4 text-sm text-red-700">{t("settings.data.failed")}</p>
          ) : data.state === "expired" ? (
            <p className="mt-4 text-sm text-slate-600">{t("settings.data.expired")}</p>
          ) : null}
          {ask(t("settings.data.download"))}
        </>
      )}
    </section>
  );
}

/** Decision 024: what waits for the verification, and the way to get a new link. */
function EmailNotVerified({ busy }: { busy: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="email-not-verified"
    >
      <p>
        <strong>{t("settings.account.notVerified")}</strong> {t("settings.account.notVerifiedText")}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resendVerification" />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {t("settings.account.resend")}
        </button>
      </Form>
    </div>
  );
}
