import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/members/avatar";
import { MemberActions } from "~/components/members/member-actions";
import { MemberNameLink } from "~/components/members/member-name-link";
import { SkillChips } from "~/components/members/skill-chips";
import { usePresence } from "~/components/members/use-presence";
import { useLastSeen } from "~/components/members/use-last-seen";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { getMembers, getPresences } from "~/features/members/members.server";
import { saveMember, savedUids, unsaveMember } from "~/features/members/saved.server";
import { requireUser } from "~/features/auth/auth.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { saveSchema } from "./_app.saved.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "members": the member cards' skill chips, presence and actions.
export const handle = { i18n: ["profile", "members"] };
export const clientLoader = loadingNamespaces("profile", "members");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const uids = await savedUids(store, user.uid);
  const language = await languageOf(request, user.profile.language);
  const [members, presences] = await Promise.all([getMembers(store, uids, language), getPresences(store, uids)]);
  const names = skillNamer(language);
  return {
    title: fixedT(language, "profile")("saved.title"),
    // Members who deleted their account leave the list; nothing of theirs is left to see.
    saved: uids
      .map((uid) => ({ member: members.get(uid)!, presence: presences.get(uid)! }))
      .filter(({ member }) => !member.deleted)
      .map(({ member, presence }) => ({
        member: { ...member, skillsOffered: names.skills(member.skillsOffered.slice(0, 5)) },
        presence,
      })),
    now: Date.now(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, saveSchema);
  if (!parsed.ok) return parsed.failure;
  const store = await getStore();
  if (parsed.value.intent === "save") await saveMember(store, user.uid, parsed.value.uid);
  else await unsaveMember(store, user.uid, parsed.value.uid);
  return { ok: true as const, saved: parsed.value.intent === "save" };
}

export default function Saved() {
  const { t } = useTranslation("profile");
  const { saved, now } = useLoaderData<typeof loader>();
  const presence = usePresence(Object.fromEntries(saved.map((s) => [s.member.uid, s.presence])));
  const lastSeen = useLastSeen();
  return (
    <>
      <PageHeader title={t("saved.title")} description={t("saved.description")} />
      {saved.length === 0 ? (
        <EmptyState
          title={t("saved.emptyTitle")}
          action={
            <Link to="/matches" className="btn-primary">
              {t("saved.emptyAction")}
            </Link>
          }
        >
          {t("saved.emptyText")}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {saved.map(({ member, presence: initial }) => {
            const p = presence[member.uid] ?? initial;
            return (
              <li key={member.uid} className="card flex flex-col gap-3" data-testid="saved-member">
                <div className="flex items-center gap-3">
                  <Avatar src={member.avatar} presence={p} presenceLabel={lastSeen(p, now)} />
                  <div className="min-w-0">
                    <MemberNameLink uid={member.uid} name={member.name} className="font-semibold" />
                    <p className="text-xs text-slate-500">{lastSeen(p, now)}</p>
                  </div>
                </div>
                <SkillChips skills={member.skillsOffered} />
                {member.deleted ? null : <MemberActions uid={member.uid} saved name={member.name.text} compact />}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
