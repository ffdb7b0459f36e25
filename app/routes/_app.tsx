import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppHeader } from "~/components/app-header";
import { BottomNav, SideNav } from "~/components/navigation";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: { uid: user.uid, displayName: user.displayName, avatar: user.avatar } };
}

/** The full layout: fixed top bar, side navigation on large screens, bottom bar on small ones. */
export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full">
      <AppHeader displayName={user.displayName} avatar={user.avatar} />
      <SideNav chatUnread={false} />
      <main className="px-4 pb-24 pt-20 sm:px-6 lg:ml-60 lg:pb-10">
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
      <BottomNav chatUnread={false} />
    </div>
  );
}
