import { useCallback, useState } from "react";
import type { FeedPayloads, HeaderSnapshot } from "~/engine/live/feeds";
import { bellBadgeText, unreadCount } from "~/features/live/header";
import { useLanguageChosenElsewhere, useLiveFeed, useLiveFeedValue } from "./live/use-live-feed";
import { AppHeader } from "./app-header";
import { Navigation } from "./navigation";
import { useTopUpRequests } from "./wallet/open-top-up";
import { TopUpModal, type OfferedPayments } from "./wallet/top-up-modal";
import { WalletDropdown } from "./wallet/wallet-dropdown";

interface LiveChromeProps {
  user: { displayName: string; avatar: string };
  snapshot: HeaderSnapshot;
  payments: OfferedPayments;
  children: React.ReactNode;
}

function onWalletError(error: Error, set: (value: FeedPayloads["wallet"]) => void) {
  // SPEC.md §8: a wallet read failure is a warning, and the balance reads 0.
  console.warn("Wallet read failed:", error.message);
  set({ balance: 0 });
}

/** The full layout's chrome, live: header (wallet, bell), the navigation (Chat dot). */
export function LiveChrome({ user, snapshot, payments, children }: LiveChromeProps) {
  const wallet = useLiveFeed("wallet", snapshot.wallet, { onError: onWalletError });
  const unreadNotifications = useLiveFeedValue("notifications", snapshot.unreadNotifications, unreadCount, {
    onError: () => {},
  });
  const chatUnread = useLiveFeed("chatUnread", snapshot.chatUnread, { onError: () => {} });
  useLanguageChosenElsewhere();
  const [topUpOpen, setTopUpOpen] = useState(false);
  const openTopUp = useCallback(() => setTopUpOpen(true), []);
  const closeTopUp = useCallback(() => setTopUpOpen(false), []);
  useTopUpRequests(openTopUp);
  const hasUnreadChat = chatUnread.count > 0;

  return (
    <div className="min-h-full lg:flex">
      <AppHeader
        displayName={user.displayName}
        avatar={user.avatar}
        wallet={<WalletDropdown balance={wallet.balance} onTopUp={openTopUp} />}
        bellBadge={bellBadgeText(unreadNotifications)}
      />
      <Navigation chatUnread={hasUnreadChat} />
      <main className="min-w-0 flex-1 px-4 pb-24 pt-20 sm:px-6 lg:pb-10">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
      <TopUpModal open={topUpOpen} onClose={closeTopUp} {...payments} />
    </div>
  );
}
