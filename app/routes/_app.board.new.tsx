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
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["board"] };
export const clientLoader = loadingNamespaces("board");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const type = new URL(request.url).searchParams.get("type") === "need" ? "need" : "offer";
  const skills = [...user.profile.skillsOffered, ...user.profile.skillsWanted].map((s) => ({
    tag: s.tag,
    label: s.label,
  }));
  const title = fixedT(await languageOf(request, user.profile.language), "board")("newPost.title");
  return { skills, type, title };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitNewPost(await getStore(), user, request);
}

export default function NewPost() {
  const { skills, type } = useLoaderData<typeof loader>();
  const { t } = useTranslation("board");
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
          {t("newPost.back")}
        </Link>
      </p>
      <PageHeader title={t("newPost.title")} description={t("newPost.description")} />
      <PostForm
        key={failure ? JSON.stringify(v) : "new"}
        values={values}
        errors={failure?.fieldErrors ?? {}}
        formError={failure?.formError}
        skills={skills}
        submitLabel={t("newPost.submit")}
        withExpiry
      />
    </div>
  );
}
