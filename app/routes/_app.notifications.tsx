import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormNotice } from "~/components/form";
import { useLiveNotices } from "~/components/notifications/use-live-notices";
import { NotificationList } from "~/components/notifications/notification-list";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { readFeed } from "~/features/live/subscribe.server";
import { markAllRead, markRead, NotificationNotFoundError } from "~/features/notifications/notifications.server";
import { namedNotices } from "~/features/notifications/skill-names.server";
import { requireUser } from "~/features/auth/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { notificationActionSchema } from "./_app.notifications.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// Each notice is rendered in the reader's language from its kind (decision 060).
export const handle = { i18n: ["notifications"] };
export const clientLoader = loadingNamespaces("notifications");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  // The same latest-20 query the bell listens to, so the page and the badge agree.
  const notifications = await readFeed(await getStore(), user.uid, "notifications");
  return {
    title: fixedT(language, "notifications")("page.title"),
    notifications: namedNotices(notifications, language),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, notificationActionSchema);
  if (!parsed.ok) return parsed.failure;
  const t = fixedT(await languageOf(request, user.profile.language), "notifications");
  const store = await getStore();
  if (parsed.value.intent === "mark-all-read") {
    const changed = await markAllRead(store, user.uid);
    return { ok: true as const, message: t(changed === 0 ? "page.noneUnread" : "page.allRead") };
  }
  try {
    await markRead(store, user.uid, parsed.value.id);
  } catch (error) {
    if (error instanceof NotificationNotFoundError) {
      return formFailure(parsed.form, t("page.notFound"), 404);
    }
    throw error;
  }
  return { ok: true as const, message: "" };
}

export default function Notifications() {
  const loaded = useLoaderData<typeof loader>();
  const notifications = useLiveNotices(loaded.notifications);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const markingAll = navigation.state !== "idle" && navigation.formData?.get("intent") === "mark-all-read";
  const hasUnread = notifications.some((n) => !n.read) && !markingAll;
  const { t } = useTranslation("notifications");
  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <button type="submit" className="btn-secondary" disabled={!hasUnread}>
              {t("page.markAll")}
            </button>
          </Form>
        }
      />
      <div className="mb-4 space-y-2 empty:hidden">
        {actionData?.ok && actionData.message ? <FormNotice>{actionData.message}</FormNotice> : null}
        <FormError message={actionData && !actionData.ok ? actionData.formError : undefined} />
      </div>
      {notifications.length === 0 ? (
        <EmptyState title={t("page.emptyTitle")}>{t("page.emptyBody")}</EmptyState>
      ) : (
        <div className="card overflow-hidden p-0">
          <NotificationList
            notifications={markingAll ? notifications.map((n) => ({ ...n, read: true })) : notifications}
          />
        </div>
      )}
    </>
  );
}
