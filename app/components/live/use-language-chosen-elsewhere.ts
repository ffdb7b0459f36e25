import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { FeedPayloads } from "~/engine/live/feeds";
import { useLiveFeedValue } from "./use-live-feed";

const chosenLanguage = (profile: FeedPayloads["profile"]) => profile?.language ?? "";

/**
 * A language the member chose in another tab or on another device: the page's loaders run again
 * and it is drawn in that language (<html lang dir>, catalogues, texts) where it stands, with what
 * is being typed kept, as no reload would keep it (decision 111), and a call in the session room
 * kept running (decision 118). Used by every signed-in page: the full layout's chrome and the
 * session room, which stands outside it.
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
