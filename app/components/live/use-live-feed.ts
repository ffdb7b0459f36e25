import { useRevalidator } from "@remix-run/react";
import { useContext, useEffect, useRef, useState } from "react";
import { I18nContext, getI18n } from "react-i18next";
import { getLiveTransport } from "~/engine/live/transport.client";
import type { FeedName, FeedPayloads } from "~/engine/live/feeds";
import { sameValue } from "~/utils/same-value";

type FeedOptions<F extends FeedName> = {
  enabled?: boolean;
  onError?: (error: Error, set: (value: FeedPayloads[F]) => void) => void;
  /**
   * The feed names members or skills in the tab's language: a value that came in another one is
   * not shown; the page's (loaded again in the new language) is, until the stream speaks it
   * (decision 111).
   */
  worded?: boolean;
};

/**
 * The latest value of a live feed, starting from what the server rendered. Subscribes only in
 * the browser (effects don't run on the server), so the first paint is the loader's data.
 */
export function useLiveFeed<F extends FeedName>(
  feed: F,
  initial: FeedPayloads[F],
  options: FeedOptions<F> = {},
): FeedPayloads[F] {
  return useLiveFeedValue(feed, initial, same, options);
}

const same = <T>(value: T): T => value;

/**
 * What `select` makes of a live feed's latest value, starting from `initial` (the server's own
 * answer of the same): for a page that shows less than the feed carries, such as the bell's count
 * of the latest notifications, so its loader need not send the feed's whole value.
 */
export function useLiveFeedValue<F extends FeedName, T>(
  feed: F,
  initial: T,
  select: (payload: FeedPayloads[F]) => T,
  options: FeedOptions<F> = {},
): T {
  // The page's i18next instance, for the tab's language: read from the provider, not through a
  // useTranslation per feed (the signed-in header holds five feeds, none of them worded; decision 156).
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const [live, setLive] = useState<{ value: T; language: string }>();
  const { enabled = true, onError, worded = false } = options;
  const shown = live && (!worded || live.language === i18n.language) ? live.value : initial;
  useEffect(() => {
    if (!worded) return;
    // A value the stream sent in the language just left stops being shown at once: the hook draws
    // again, as useTranslation made it do on every language change.
    const drawAgain = () => setLive((kept) => kept && { ...kept });
    i18n.on("languageChanged", drawAgain);
    return () => i18n.off("languageChanged", drawAgain);
  }, [worded, i18n]);
  // What is on screen, for the stream's callback below.
  const onScreen = useRef(shown);
  onScreen.current = shown;
  useEffect(() => {
    if (!enabled) return;
    const set = (payload: FeedPayloads[F]) => {
      const value = select(payload);
      // A stream begins with what the page shows already (its loader read the same documents): taking
      // it would draw every component under this hook again for nothing, on /matches the whole page
      // just after hydration (decision 120). A value that changes anything on screen is taken.
      if (sameValue(value, onScreen.current)) return;
      // The language the stream spoke when it sent this (sse.client.ts follows the tab's at once).
      setLive({ value, language: i18n.language });
    };
    return getLiveTransport().subscribe(feed, set, onError ? (error) => onError(error, set) : undefined);
    // select and onError are read once per subscription on purpose: callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed, enabled]);
  return shown;
}

const chosenLanguage = (profile: FeedPayloads["profile"]) => profile?.language ?? "";

/**
 * A language the member chose in another tab or on another device: the page's loaders run again
 * and it is drawn in that language (<html lang dir>, catalogues, texts) where it stands, with what
 * is being typed kept, as no reload would keep it (decision 111), and a call in the session room
 * kept running (decision 118). Used by every signed-in page: the full layout's chrome and the
 * session room, which stands outside it. It sits beside useLiveFeedValue because those two load it:
 * a module of its own was one more script on every signed-in page (decision 118).
 */
export function useLanguageChosenElsewhere() {
  const chosen = useLiveFeedValue("profile", "", chosenLanguage, { onError: () => {} });
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (chosen && chosen !== document.documentElement.lang) revalidate();
    // Asked once per choice: the loaders answer in the profile's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen]);
}
