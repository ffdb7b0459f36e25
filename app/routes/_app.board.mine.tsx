import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormNotice } from "~/components/form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { TypeBadge } from "~/components/board/post-card";
import { ProposalItem } from "~/components/board/proposal-panel";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { daysLeft } from "~/features/board/expiry";
import { runMineAction, type MineActionResult } from "~/features/board/mine-action.server";
import { loadMyPostsProposals, type ProposalView } from "~/features/board/proposal-views.server";
import { listMyPosts } from "~/features/board/read.server";
import { viewerZone } from "~/features/bookings/views.server";
import { MAX_ACTIVE_POSTS, formatText, priceText } from "~/features/board/rules";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "My posts", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const now = Date.now();
  const mine = await listMyPosts(store, user.uid, now);
  const all = [...mine.active, ...mine.expired, ...mine.closed, ...mine.hidden];
  // Each post's proposals with accept and decline where one waits (issue 29, "Manage").
  const proposals = await loadMyPostsProposals(store, all, user.uid, now);
  return { ...mine, proposals, now, timeZone: viewerZone(user.profile.timezone) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return runMineAction(await getStore(), user.uid, await readForm(request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Mine = Data["active"][number];
/** What every row reads besides its post: its proposals and the member's time zone. */
type RowContext = Pick<Data, "now" | "proposals" | "timeZone">;

export default function MyPosts() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as MineActionResult | undefined;
  const none = d.active.length + d.expired.length + d.closed.length + d.hidden.length === 0;
  return (
    <>
      <PageHeader
        title="My posts"
        description={`Your offers and needs. Up to ${MAX_ACTIVE_POSTS} can be on the board at once.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board" className="btn-secondary">
              The board
            </Link>
            <Link to="/board/new" className="btn-primary">
              New post
            </Link>
          </div>
        }
      />
      <div className="mb-4 space-y-2" aria-live="polite">
        {result?.ok ? <FormNotice>{result.message}</FormNotice> : null}
        {result && !result.ok ? <FormError message={result.error} /> : null}
      </div>
      {none ? (
        <EmptyState
          title="You have no posts yet"
          action={
            <Link to="/board/new" className="btn-primary">
              Put up a post
            </Link>
          }
        >
          Say what you can give, or what you are looking for.
        </EmptyState>
      ) : (
        <div className="space-y-8">
          <Section title={`Active (${d.active.length} of ${MAX_ACTIVE_POSTS})`} posts={d.active} context={d} />
          <Section title="Expired" posts={d.expired} context={d} />
          <Section title="Closed" posts={d.closed} context={d} />
          {d.hidden.length ? (
            <Section title="Hidden while a moderator reviews them" posts={d.hidden} context={d} />
          ) : null}
        </div>
      )}
    </>
  );
}

function Section({ title, posts, context }: { title: string; posts: Mine[]; context: RowContext }) {
  const id = title.replace(/\W+/g, "-").toLowerCase();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {posts.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {posts.map((p) => (
            <MyPostRow key={p.id} post={p} context={context} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The row's buttons, by the post's state; the server decides again (mine-action.server.ts). */
const ROW_ACTIONS: {
  intent: "renew" | "close" | "delete";
  label: string;
  shownWhen: (s: Mine["shownStatus"]) => boolean;
}[] = [
  { intent: "renew", label: "Renew", shownWhen: (s) => s !== "closed" },
  { intent: "close", label: "Close", shownWhen: (s) => s === "active" },
  { intent: "delete", label: "Delete", shownWhen: () => true },
];

function MyPostRow({ post, context }: { post: Mine; context: RowContext }) {
  const { now } = context;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("postId") === post.id;
  const status = post.shownStatus;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-4" data-testid="my-post">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <TypeBadge type={post.type} />
          <span className="text-xs font-medium text-slate-600">{post.skillLabel}</span>
        </p>
        <h3 className="mt-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <Link to={`/board/${post.id}`} className="hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
          {priceText(post.price)} · {formatText(post.format, post.area)}
          {status === "active" ? ` · ${daysLeft(post, now)} days left` : ""}
        </p>
      </div>
      {status !== "hidden" ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="postId" value={post.id} />
          {status === "active" ? (
            <Link to={`/board/${post.id}/edit`} className="btn-secondary" aria-label={`Edit “${post.title}”`}>
              Edit
            </Link>
          ) : null}
          {ROW_ACTIONS.filter((a) => a.shownWhen(status)).map((a) => (
            <button
              key={a.intent}
              type="submit"
              name="intent"
              value={a.intent}
              className={a.intent === "delete" ? "btn-secondary text-red-700" : "btn-secondary"}
              disabled={busy}
              aria-label={`${a.label} “${post.title}”`}
            >
              {a.label}
            </button>
          ))}
        </Form>
      ) : null}
      <PostProposals post={post} proposals={context.proposals[post.id] ?? []} timeZone={context.timeZone} />
    </li>
  );
}

/**
 * The post's proposals under it, the newest first: who, when, how long, the SP asked or the swap,
 * the state, and accept or decline on one that waits (the post page's own items and actions).
 */
function PostProposals({ post, proposals, timeZone }: { post: Mine; proposals: ProposalView[]; timeZone: string }) {
  const takesProposals = post.type === "need" || post.price.kind === "swap";
  if (proposals.length === 0 && !takesProposals) return null;
  const id = `proposals-${post.id}`;
  const waiting = proposals.filter((p) => p.state === "pending").length;
  return (
    <section className="w-full rounded-xl bg-slate-50 px-3 py-2" aria-labelledby={id} data-testid="my-post-proposals">
      <h4 id={id} className="text-sm font-semibold text-slate-800">
        {proposals.length === 0
          ? "No proposals yet"
          : `Proposals (${proposals.length}${waiting ? `, ${waiting} waiting` : ""})`}
      </h4>
      {proposals.length ? (
        <ul className="divide-y divide-slate-200">
          {proposals.map((p) => (
            <ProposalItem key={p.id} p={p} isPoster timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
