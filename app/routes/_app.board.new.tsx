import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { PostForm, type PostFormValues } from "~/components/board/post-form";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { submitNewPost } from "~/features/board/post-form.server";
import type { FormFailure } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "New post", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const type = new URL(request.url).searchParams.get("type") === "need" ? "need" : "offer";
  const skills = [...user.profile.skillsOffered, ...user.profile.skillsWanted].map((s) => ({
    tag: s.tag,
    label: s.label,
  }));
  return { skills, type };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitNewPost(await getStore(), user, request);
}

export default function NewPost() {
  const { skills, type } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormFailure | undefined;
  const v = failure?.values ?? {};
  const values: PostFormValues = {
    type: v.type ?? type,
    skill: v.skill ?? "",
    title: v.title ?? "",
    description: v.description ?? "",
    format: v.format ?? "online",
    area: v.area ?? "",
    priceKind: v.priceKind ?? "per_hour",
    sp: v.sp ?? "",
    swapSkill: v.swapSkill ?? "",
    days: v.days,
  };
  return (
    <div className="mx-auto max-w-2xl">
      <p className="mb-4 text-sm">
        <Link to="/board" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
          <Icon name="back" className="h-4 w-4 shrink-0" />
          Offers and needs
        </Link>
      </p>
      <PageHeader title="New post" description="Say what you can give, or what you are looking for." />
      <PostForm
        key={failure ? JSON.stringify(v) : "new"}
        values={values}
        errors={failure?.fieldErrors ?? {}}
        formError={failure?.formError}
        skills={skills}
        submitLabel="Put it on the board"
        withExpiry
      />
    </div>
  );
}
