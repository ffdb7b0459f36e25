import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStore, trackPresence } from "~/engine/index.server";
import type { Unsubscribe } from "~/engine/store/types";
import { isFeedName, type FeedName } from "~/engine/live/feeds";
import { mayListen, type Reader } from "~/features/live/subscribe.server";
import { eventStream } from "~/features/live/event-stream.server";
import { streamFeed } from "~/features/live/stream-feed.server";
import { getUser, readUser, userPath } from "~/documents/users";
import { getUserId } from "~/features/auth/auth.server";
import { languageOf, offeredLanguages } from "~/i18n/i18n.server";

// Proxies drop idle connections; a comment line every 25 s keeps the stream open.
const KEEPALIVE_MS = 25_000;

/**
 * The embedded engine's live stream: `GET /api/live?feeds=wallet,transactions`. The browser only
 * names feeds; every query is built here from the session's uid, so nobody can listen to another
 * user's documents. Each event is named after its feed and carries its JSON payload.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await getUserId(request);
  if (!uid) return Response.json({ error: "Not authenticated" }, { status: 401 });
  const requested = (new URL(request.url).searchParams.get("feeds") ?? "").split(",").filter(Boolean);
  const unknown = requested.filter((f) => !isFeedName(f));
  if (requested.length === 0 || unknown.length > 0) {
    return Response.json(
      { error: `Name one or more live feeds; unknown: ${unknown.join(", ") || "none given"}.` },
      { status: 400 },
    );
  }
  const feeds = [...new Set(requested)] as FeedName[];
  const store = await getStore();
  const allowed = await Promise.all(feeds.map((feed) => mayListen(store, uid, feed)));
  if (allowed.includes(false))
    return Response.json({ error: "You may not listen to one of these feeds." }, { status: 403 });
  // Feeds that name members or skills (the inbox, a thread, the notices) do so in the language the
  // tab speaks (`lang`), so its cards never mix two languages: after a switch elsewhere the tab
  // loads the new one and asks again (decision 111). A page that names none (one loaded before
  // this) is named in the member's language of the moment, as decision 101 had it.
  const asked = new URL(request.url).searchParams.get("lang");
  const tabLanguage = asked && offeredLanguages().includes(asked) ? asked : null;
  const reader: Reader = {
    uid,
    language: tabLanguage ?? (await languageOf(request, (await getUser(store, uid))?.language)),
  };
  const closePresence = await trackPresence(uid);

  // The stream also ends when an admin suspends the member: their live updates stop at once.
  // The same watch of the profile keeps the language of a page that named none current.
  const ended = new AbortController();
  request.signal.addEventListener("abort", () => ended.abort(), { once: true });
  const response = eventStream(ended.signal, (send) => {
    const stopProfileWatch = store.watchDoc(userPath(uid), (doc) => {
      const profile = readUser(doc?.data);
      if (profile?.suspension) ended.abort();
      if (!tabLanguage) void languageOf(request, profile?.language).then((now) => (reader.language = now));
    });
    const stops: Unsubscribe[] = feeds.map((feed) =>
      streamFeed(
        store,
        reader,
        feed,
        (payload) => send({ event: feed, data: JSON.stringify(payload) }),
        (error) => send({ event: `${feed}:error`, data: JSON.stringify({ error: error.message }) }),
      ),
    );
    const keepalive = setInterval(() => send({ event: "ping", data: String(Date.now()) }), KEEPALIVE_MS);
    return () => {
      clearInterval(keepalive);
      stopProfileWatch();
      for (const stop of stops) stop();
      closePresence();
    };
  });
  // no-transform keeps any compression in front of us from buffering events.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  return response;
}
