import { Form, useActionData, useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TITLE_MAX } from "~/features/community/rules";
import { Composer } from "./composer";
import { useTranslation } from "react-i18next";
import { fixedSpace } from "~/features/community/spaces";

const DRAFT_KEY = "skillswap:discuss-draft";

type Draft = { spaceId: string; title: string; body: string; skillTag: string };
type Failure = { ok: false; formError: string; fieldErrors: Record<string, string>; values: Record<string, string> };

function readDraft(): Partial<Draft> | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as Partial<Draft>) : null;
  } catch {
    return null;
  }
}

/**
 * A new thread: space, title, body with a live preview, optional skill tag. The draft is kept in
 * this browser as it is typed (it survives a reload) and cleared once the thread is posted;
 * leaving with text asks first, for links inside the app and for closing or reloading the tab.
 */
export function NewThreadForm({
  spaces,
  initialSpace,
}: {
  /** `own: false`: a taxonomy skill's space, its name already in the reader's language (namedSpace). */
  spaces: { id: string; name: string; skillTag: string | null; own?: boolean }[];
  initialSpace: string | null;
}) {
  const { t } = useTranslation("community");
  const failure = useActionData<Failure>();
  const navigation = useNavigation();
  const [draft, setDraft] = useState<Draft>({
    spaceId: initialSpace ?? spaces[0]?.id ?? "general",
    title: "",
    body: "",
    skillTag: "",
  });
  const restored = useRef(false);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/discuss";
  const posted =
    navigation.state === "loading" &&
    navigation.formAction === "/discuss" &&
    navigation.location.pathname.startsWith("/community/");
  const dirty = (draft.title.trim() !== "" || draft.body.trim() !== "") && !submitting;

  useEffect(() => {
    const saved = readDraft();
    if (saved) setDraft((d) => ({ ...d, ...saved, spaceId: initialSpace ?? saved.spaceId ?? d.spaceId }));
    restored.current = true;
  }, [initialSpace]);

  useEffect(() => {
    if (!restored.current) return;
    if (posted) window.localStorage.removeItem(DRAFT_KEY);
    else if (draft.title || draft.body) window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else window.localStorage.removeItem(DRAFT_KEY);
  }, [draft, posted]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t("newThread.leave"))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const errors = failure?.fieldErrors ?? {};

  return (
    <Form method="post" action="/discuss" className="mt-6 space-y-4" noValidate>
      {failure?.formError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure.formError}
        </p>
      ) : null}
      <div>
        <label htmlFor="space" className="label">
          {t("newThread.space")}
        </label>
        <select
          id="space"
          name="spaceId"
          value={draft.spaceId}
          onChange={(e) => set("spaceId")(e.target.value)}
          className="input"
        >
          {spaces.map((s) => (
            // As on /community (SpaceName): a taxonomy skill translated, a member's own tag as written.
            <option key={s.id} value={s.id} translate={fixedSpace(s.id) || s.own === false ? undefined : "no"}>
              {fixedSpace(s.id) ? t(`spaces.${s.id}.name`) : s.name}
            </option>
          ))}
        </select>
        {errors.spaceId ? <p className="field-error">{errors.spaceId}</p> : null}
      </div>
      <div>
        <label htmlFor="title" className="label">
          {t("newThread.title")}
        </label>
        <input
          id="title"
          name="title"
          value={draft.title}
          onChange={(e) => set("title")(e.target.value)}
          maxLength={TITLE_MAX + 20}
          className="input"
          aria-invalid={errors.title ? true : undefined}
        />
        {errors.title ? <p className="field-error">{errors.title}</p> : null}
      </div>
      <Composer
        label={t("newThread.body")}
        value={draft.body}
        onChange={set("body")}
        preview
        rows={10}
        error={errors.body}
      />
      <div>
        <label htmlFor="skillTag" className="label">
          {t("newThread.skillTag")}
        </label>
        <input
          id="skillTag"
          name="skillTag"
          value={draft.skillTag}
          onChange={(e) => set("skillTag")(e.target.value)}
          maxLength={40}
          className="input"
          placeholder={t("newThread.skillTagExample")}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? t("thread.posting") : t("newThread.post")}
      </button>
    </Form>
  );
}
