import { useState } from "react";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Field, FormError, FormNotice } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { getAuth, getFiles, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { newPasswordSchema } from "~/features/auth/schemas";
import { getDataExport } from "~/documents/data-exports";
import { downloadLink, requestExport } from "~/features/export/export.server";
import { DigestChoice } from "~/features/digest/digest-choice";
import { PushSettings } from "~/components/push/push-settings";
import { pushSection } from "~/features/push/choices.server";
import { loadingNamespaces } from "~/i18n/client-loader";
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
import { DAY_MS } from "~/features/export/rules";
import { clearSessionToken, commitSessionToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Settings", matches });

// The sections' namespaces: the digest choice's ("digest") and the push section's ("push").
export const handle = { i18n: ["digest", "push"] };
export const clientLoader = loadingNamespaces("digest", "push");

const CATEGORY_TEXT: Record<NotificationCategory, { label: string; hint: string }> = {
  messages: {
    label: "Messages",
    hint: "When a member starts a conversation with you; by e-mail when messages wait while you are away (at most one an hour per conversation).",
  },
  sessions: {
    label: "Sessions",
    hint: "Requests, answers, cancellations and reviews of your sessions; requests, answers and cancellations by e-mail too.",
  },
  reminders: { label: "Reminders", hint: "An hour before a session starts, in the bell and by e-mail." },
  replies: { label: "Community replies", hint: "New replies in threads you follow." },
  mentions: { label: "Mentions", hint: "When someone @mentions you in the community." },
  answers: { label: "Answers", hint: "When your reply is marked as the answer." },
  board: {
    label: "Board posts",
    hint: "New offers and needs on the board for skills you teach or want to learn, gathered in one notice an hour, and by e-mail at most once an hour.",
  },
  wallet: { label: "Wallet and top-ups", hint: "Always sent: they tell you when SP arrive or leave." },
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
    timezone: z.string().refine((tz) => knownTimeZone(tz) !== null, "Choose a timezone from the list."),
  }),
  z
    .object({
      intent: z.literal("password"),
      currentPassword: z.string().min(1, "Enter your current password."),
      newPassword: newPasswordSchema,
      confirm: z.string(),
    })
    .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The two passwords do not match." }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auth = await getAuth();
  return {
    email: user.email,
    // A session may remember the address as unverified since sign-in (a Firebase session cookie
    // keeps its claims): ask the engine for the account as it is now.
    emailVerified: user.emailVerified || (await auth.getUser(user.uid))?.emailVerified === true,
    notificationPrefs: readNotificationPrefs(user.profile),
    digest: user.profile.digest,
    // Where the server cannot check a password, the typed confirmation is the check.
    deleteNeedsPassword: auth.capabilities.checksPasswords,
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
};

async function saveNotifications({ user, input }: HandlerArgs<"notifications">) {
  const { intent: _intent, ...prefs } = input;
  await saveNotificationPrefs(await getStore(), user.uid, prefs);
  return { ok: true as const, message: "Your notification choices were saved." };
}

async function resendVerification({ request, user, form }: HandlerArgs<"resendVerification">) {
  try {
    await (await getAuth()).sendEmailVerification(user.uid, publicOrigin(request));
  } catch (error) {
    if (error instanceof AuthError)
      return formFailure(form, error.message, error.code === "too_many_attempts" ? 429 : 400);
    throw error;
  }
  return { ok: true as const, message: `We sent a new verification link to ${user.email}.` };
}

async function askForData({ user, form }: HandlerArgs<"export">) {
  const verdict = await requestExport(await getStore(), await getFiles(), user.uid);
  if (verdict.ok)
    return {
      ok: true as const,
      message: "We are gathering your data. We will tell you here, in the bell and by e-mail when it is ready.",
    };
  if (verdict.reason === "building")
    return formFailure(form, "Your archive is being made already. We will tell you when it is ready.", 409);
  return formFailure(
    form,
    `You can ask for one archive a day. Ask again after ${formatDateTime(verdict.nextAt, user.profile.timezone)}.`,
    429,
  );
}

async function saveTimezone({ user, input }: HandlerArgs<"timezone">) {
  await updateProfile(await getStore(), user.uid, { timezone: knownTimeZone(input.timezone) ?? "UTC" });
  return { ok: true as const, message: "Your timezone was saved." };
}

async function changePassword({ request, context, user, input, form }: HandlerArgs<"password">) {
  const auth = await getAuth();
  try {
    await auth.changePassword(user.uid, input.currentPassword, input.newPassword);
  } catch (error) {
    if (error instanceof AuthError) {
      return formFailure(form, error.message, error.code === "too_many_attempts" ? 429 : 400, {
        currentPassword: error.message,
      });
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
    { ok: true as const, message: "Your password was changed. Other devices have been signed out." },
    { headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) } },
  );
}

async function deleteOwnAccount({ request, context, user, input, form }: HandlerArgs<"delete">) {
  const typed = input.confirmation.toLowerCase();
  if (typed !== "delete" && typed !== user.email.toLowerCase()) {
    return formFailure(form, "Type DELETE or your email to confirm.", 400, {
      confirmation: "Type DELETE or your email to confirm.",
    });
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
      const message = error.code === "too_many_attempts" ? error.message : "Your password is incorrect.";
      return formFailure(form, message, error.code === "too_many_attempts" ? 429 : 400, { password: message });
    }
  }
  await deleteAccount({ store: await getStore(), auth, files: await getFiles() }, user.uid);
  return redirectWithToast(
    "/auth",
    { type: "info", title: "Your account was deleted." },
    { headers: { "Set-Cookie": await clearSessionToken() } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, settingsSchema);
  if (!parsed.ok) return parsed.failure;
  const { value: input, form } = parsed;
  switch (input.intent) {
    case "notifications":
      return saveNotifications({ request, context, user, input, form });
    case "resendVerification":
      return resendVerification({ request, context, user, input, form });
    case "export":
      return askForData({ request, context, user, input, form });
    case "timezone":
      return saveTimezone({ request, context, user, input, form });
    case "password":
      return changePassword({ request, context, user, input, form });
    case "delete":
      return deleteOwnAccount({ request, context, user, input, form });
  }
}

export default function Settings() {
  const {
    email,
    emailVerified,
    notificationPrefs,
    digest,
    deleteNeedsPassword,
    timezone,
    timezones,
    dataExport,
    push,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <PageHeader title="Settings" description="Your account and preferences." />
      <div className="space-y-6">
        {actionData?.ok ? <FormNotice>{actionData.message}</FormNotice> : null}
        <FormError message={failure?.formError} />
        <section className="card space-y-4">
          <h2 className="text-base font-semibold">Account</h2>
          <Field
            label="Email"
            name="email"
            value={email}
            readOnly
            disabled
            hint="Your sign-in email cannot be changed here."
          />
          {emailVerified ? null : <EmailNotVerified busy={navigation.state !== "idle"} />}
          <p className="text-sm text-slate-600">
            Your name, bio, skills and picture are edited on{" "}
            <Link to="/profile" className="font-medium text-brand-700 hover:underline">
              your profile
            </Link>
            .
          </p>
        </section>
        <LanguageSettings />
        <NotificationChoices prefs={notificationPrefs} busy={navigation.state !== "idle"} />
        <PushSettings {...push} timezone={timezone} />
        <DigestChoice frequency={digest} />
        <section className="card">
          <h2 className="text-base font-semibold">Timezone</h2>
          <p className="mt-1 text-sm text-slate-600">Session times are shown in this timezone.</p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="timezone" />
            <div className="flex-1">
              <label htmlFor="settings-timezone" className="label">
                Timezone
              </label>
              <select id="settings-timezone" name="timezone" defaultValue={timezone} className="input">
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
              Save timezone
            </button>
          </Form>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Change password</h2>
          <Form method="post" className="mt-4 grid grid-cols-1 gap-4 sm:max-w-md" noValidate>
            <input type="hidden" name="intent" value="password" />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={failure?.fieldErrors.currentPassword}
            />
            <NewPasswordFields
              name="newPassword"
              errors={{ password: failure?.fieldErrors.newPassword, confirm: failure?.fieldErrors.confirm }}
            />
            <div>
              <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                Change password
              </button>
            </div>
          </Form>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Guided tour</h2>
          <p className="mt-1 text-sm text-slate-600">See the tour of your dashboard again.</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => startTour(pathname, navigate)}>
            Take the tour
          </button>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Privacy and terms</h2>
          <p className="mt-1 text-sm text-slate-600">
            Read what we keep about you and why in the{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline">
              privacy notice
            </Link>
            , and the{" "}
            <Link to="/terms" className="font-medium text-brand-700 underline">
              terms of use
            </Link>{" "}
            you accepted.
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
  return (
    <section className="card">
      <h2 className="text-base font-semibold">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600">Choose what the bell and your e-mail tell you about.</p>
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
                <span className="font-medium text-slate-800">{CATEGORY_TEXT[category].label}</span>
                <span className="block text-xs text-slate-500">{CATEGORY_TEXT[category].hint}</span>
              </span>
            </label>
          );
        })}
        <button type="submit" className="btn-primary" disabled={busy}>
          Save notification choices
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
  // A failed attempt reopens the form so its errors are visible.
  const [open, setOpen] = useState(Boolean(failure));
  return (
    <section className="card border-red-200">
      <h2 className="text-base font-semibold text-red-700">Delete account</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your name, bio, skills, picture, saved profiles and availability are removed and you are signed out everywhere.
        Sessions that have not started are cancelled and their SP refunded. Your conversations stay with the other
        members under “Deleted member”. This cannot be undone.
      </p>
      {open ? (
        <Form method="post" className="mt-4 grid grid-cols-1 gap-4 sm:max-w-md" noValidate>
          <input type="hidden" name="intent" value="delete" />
          <Field
            label="Type DELETE or your email to confirm"
            name="confirmation"
            autoComplete="off"
            error={failure?.fieldErrors.confirmation}
          />
          {needsPassword ? (
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={failure?.fieldErrors.password}
            />
          ) : null}
          <div className="flex gap-3">
            <button type="submit" className="btn-danger" disabled={busy}>
              Delete my account
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Keep my account
            </button>
          </div>
        </Form>
      ) : (
        <button type="button" className="btn-danger mt-4" onClick={() => setOpen(true)}>
          Delete account…
        </button>
      )}
    </section>
  );
}

type DataExportView =
  | { state: "none" | "building" | "failed" | "expired" }
  | { state: "ready"; href: string; size: number; expiresAt: number; renewable: boolean };

function megabytes(bytes: number): string {
  return bytes < 100_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Issue 32: a copy of everything SkillSwap keeps about the member, as one archive. */
function YourData({ data, timezone, busy }: { data: DataExportView; timezone: string; busy: boolean }) {
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
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Download a copy of everything SkillSwap keeps about you: profile, skills, wallet, payments, sessions, reviews,
        messages, forum posts, saved profiles, notifications and your picture, as JSON and CSV files with a README. We
        make it in the background and tell you when it is ready. One archive a day.
      </p>
      {data.state === "building" ? (
        <p className="mt-4 text-sm font-medium text-slate-800" role="status">
          Your archive is being made. We will tell you when it is ready.
        </p>
      ) : data.state === "ready" ? (
        <div className="mt-4 space-y-2">
          <a href={data.href} className="btn-primary" download>
            Download my data ({megabytes(data.size)})
          </a>
          <p className="text-xs text-slate-500">
            The link works for you, signed in, until {formatDateTime(data.expiresAt, timezone)}.
          </p>
          {data.renewable ? ask("Make a new archive") : null}
        </div>
      ) : (
        <>
          {data.state === "failed" ? (
            <p className="mt-4 text-sm text-red-700">Your last archive could not be made. Please ask again.</p>
          ) : data.state === "expired" ? (
            <p className="mt-4 text-sm text-slate-600">Your last archive has expired.</p>
          ) : null}
          {ask("Download my data")}
        </>
      )}
    </section>
  );
}

/** Decision 024: what waits for the verification, and the way to get a new link. */
function EmailNotVerified({ busy }: { busy: boolean }) {
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="email-not-verified"
    >
      <p>
        <strong>Your email is not verified yet.</strong> Open the link we sent you. Until then, SP you pay for sessions
        reach the mentor only once you have verified it.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resendVerification" />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Send the link again
        </button>
      </Form>
    </div>
  );
}
