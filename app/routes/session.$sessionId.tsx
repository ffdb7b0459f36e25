import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { SessionRoom } from "~/components/bookings/session-room";
import { useLanguageChosenElsewhere } from "~/components/live/use-live-feed";
import { NotFound } from "~/components/not-found";
import { getStore } from "~/engine/index.server";
import { BookingError } from "~/features/bookings/bookings.server";
import { markRoomSeen, sendRoomMessage } from "~/features/bookings/room.server";
import { loadSessionRoom } from "./session.$sessionId.server";
import { viewerZone } from "~/features/bookings/views.server";
import { requireUser } from "~/features/auth/auth.server";
import { getServerEnv } from "~/utils/env.server";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { chatErrorText } from "~/features/chat/errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { intlLocale } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "bookings" for the booking components the room shares with the calendar (state badge, payout).
export const handle = { i18n: ["chat", "bookings"] };
export const clientLoader = loadingNamespaces("chat", "bookings");

/** Only the session's two participants see it; anyone else gets the same 404 as a missing one. */
// Signed-in pages are never cached, so Back after Log Out cannot show them (utils/private-page).
export const headers = privatePageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const language = await languageOf(request, user.profile.language);
    const session = await loadSessionRoom(await getStore(), params.sessionId ?? "", user.uid, language);
    // The call's STUN/TURN servers go to the two participants only, not to every page.
    const t = fixedT(language, "chat");
    return {
      title: t("room.title"),
      ...session,
      timeZone: viewerZone(user.profile.timezone),
      now: Date.now(),
      iceServers: getServerEnv().ICE_SERVERS,
    };
  } catch (error) {
    if (error instanceof BookingError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const language = await languageOf(request, user.profile.language);
  try {
    if (form.get("intent") === "seen")
      return { ok: true as const, seen: await markRoomSeen(await getStore(), params.sessionId ?? "", user.uid) };
    const result = await sendRoomMessage(await getStore(), params.sessionId ?? "", user.uid, form.get("text"));
    return result.ok
      ? { ok: true as const }
      : data(
          { ok: false as const, error: chatErrorText(fixedT(language, "chat"), intlLocale(language), result.error) },
          { status: result.status },
        );
  } catch (error) {
    if (error instanceof BookingError)
      return data({ ok: false as const, error: error.textIn(language) }, { status: error.status });
    throw error;
  }
}

// The room's stream already shows messages turning seen; re-running the loader would only repeat it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "seen" ? false : defaultShouldRevalidate;

export default function SessionPage() {
  const session = useLoaderData<typeof loader>();
  // Outside the full layout, so its chrome does not do it here; a call in progress carries on.
  useLanguageChosenElsewhere();
  return <SessionRoom session={session} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
