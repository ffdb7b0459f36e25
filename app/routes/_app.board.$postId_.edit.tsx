import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { PostForm, type PostFormValues } from "~/components/board/post-form";
import { getBoardPost, isBoardId } from "~/documents/board";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { boardRefusal, type BoardErrorKey } from "~/features/board/errors.server";
import { submitEdit } from "~/features/board/post-form.server";
import type { FormFailure } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["board"] };
export const clientLoader = loadingNamespaces("board");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const postId = params.postId ?? "";
  const post = isBoardId(postId) ? await getBoardPost(await getStore(), postId) : null;
  const refused = (key: BoardErrorKey, status: 403 | 404 | 409) =>
    new Response(boardRefusal(status, key).textIn(language), { status });
  if (!post) throw refused("postNotFound", 404);
  if (post.authorUid !== user.uid) throw refused("notYourPost", 403);
  if (post.status === "hidden") throw refused("hiddenEdit", 409);
  const skills = [...user.profile.skillsOffered, ...user.profile.skillsWanted].map((s) => ({
    tag: s.tag,
    label: s.label,
  }));
  const values: PostFormValues = {
    type: post.type,
    skill: post.skillLabel,
    title: post.title,
    description: post.description,
    format: post.format,
    area: post.area,
    priceKind: post.price.kind,
    sp: post.price.kind === "swap" || Number.isNaN(post.price.sp) ? "" : String(post.price.sp),
    swapSkill: post.price.swapSkillLabel ?? "",
  };
  const title = fixedT(language, "board")("editPost.title");
  return { postId, values, skills, title };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitEdit(await getStore(), user, params.postId ?? "", request);
}

export default function EditPost() {
  const { postId, values, skills } = useLoaderData<typeof loader>();
  const { t } = useTranslation("board");
  const failure = useActionData<typeof action>() as FormFailure | undefined;
  const shown: PostFormValues = failure ? { ...values, ...failure.values } : values;
  return (
    <div className="mx-auto max-w-2xl">
      <p className="mb-4 text-sm">
        <Link to={`/board/${postId}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
          <Icon name="back" className="h-4 w-4 shrink-0" />
          {t("editPost.back")}
        </Link>
      </p>
      <PageHeader title={t("editPost.title")} description={t("editPost.description")} />
      <PostForm
        key={failure ? JSON.stringify(failure.values) : "edit"}
        values={shown}
        errors={failure?.fieldErrors ?? {}}
        formError={failure?.formError}
        skills={skills}
        submitLabel={t("editPost.submit")}
        withExpiry={false}
      />
    </div>
  );
}
