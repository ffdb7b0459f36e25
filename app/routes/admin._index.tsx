import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/page-header";
import { PlainPage } from "~/components/plain-page";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Admin" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.profile.role !== "admin") {
    throw data({ error: "This area is for SkillSwap administrators only." }, { status: 403 });
  }
  return { name: user.displayName };
}

export default function Admin() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <PlainPage title="Admin">
      <EmptyState title={`Hello, ${name}`}>Nothing needs your attention right now.</EmptyState>
    </PlainPage>
  );
}
