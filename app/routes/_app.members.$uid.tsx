import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/members/avatar";
import { MemberActions } from "~/components/members/member-actions";
import { SkillChips } from "~/components/members/skill-chips";
import { usePresence } from "~/components/members/use-presence";
import { getStore } from "~/engine/index.server";
import { getMember, getPresences } from "~/features/members/members.server";
import { lastSeenText } from "~/features/members/presence";
import { isSaved } from "~/features/members/saved.server";
import { readSkills } from "~/features/skills/tags";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.member.fullName ?? "Member" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const uid = params.uid ?? "";
  const store = await getStore();
  const member = /^[A-Za-z0-9-]{1,128}$/.test(uid) ? await getMember(store, uid) : null;
  if (!member) throw new Response("This member does not exist.", { status: 404 });
  const [presences, saved] = await Promise.all([getPresences(store, [uid]), isSaved(store, user.uid, [uid])]);
  const mine = {
    offered: new Set(readSkills(user.profile.skillsOffered).map((s) => s.tag)),
    wanted: new Set(readSkills(user.profile.skillsWanted).map((s) => s.tag)),
  };
  return {
    member,
    presence: presences.get(uid)!,
    saved: saved.has(uid),
    isMe: uid === user.uid,
    // Highlight what fits: what they teach that I want, what they want that I teach.
    fits: { teaches: member.skillsOffered.filter((s) => mine.wanted.has(s.tag)).map((s) => s.tag), learns: member.skillsWanted.filter((s) => mine.offered.has(s.tag)).map((s) => s.tag) },
    now: Date.now(),
  };
}

export default function MemberProfile() {
  const { member, presence: initial, saved, isMe, fits, now } = useLoaderData<typeof loader>();
  const presence = usePresence({ [member.uid]: initial })[member.uid] ?? initial;
  return (
    <div className="grid gap-6 lg:grid-cols-[300px_1fr]">
      <aside className="card text-center">
        <Avatar src={member.avatar} size="lg" presence={presence} now={now} />
        <h1 className="mt-4 text-xl font-bold">{member.fullName}</h1>
        <p className="text-sm text-slate-500">{lastSeenText(presence, now)}</p>
        <p className="mt-1 text-xs text-slate-500">Timezone: {member.timezone}</p>
        {member.languages.length ? <p className="mt-1 text-xs text-slate-500">Speaks {member.languages.join(", ")}</p> : null}
        <div className="mt-5 flex justify-center">
          {isMe ? (
            <Link to="/profile" className="btn-secondary">Edit your profile</Link>
          ) : member.deleted ? null : (
            <MemberActions uid={member.uid} saved={saved} name={member.fullName} />
          )}
        </div>
      </aside>
      <section className="card space-y-6">
        <div>
          <h2 className="text-base font-semibold">About</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{member.bio || "No bio yet."}</p>
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">Teaches</h2>
          <SkillChips skills={member.skillsOffered} highlight={new Set(fits.teaches)} empty="Nothing listed yet." />
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">Wants to learn</h2>
          <SkillChips skills={member.skillsWanted} highlight={new Set(fits.learns)} empty="Nothing listed yet." />
        </div>
      </section>
    </div>
  );
}
