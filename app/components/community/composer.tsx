/**
 * The forum's text box: Markdown with @mention autocomplete (a member picked from the list is
 * written as a link to them, which is what the server reads as a mention), and an optional live
 * preview rendered by the same Markdown component as the post.
 */
import { useEffect, useId, useRef, useState } from "react";
import { BODY_MAX, mentionMarkdown } from "~/features/community/rules";
import { Markdown } from "./markdown";
import { useTranslation } from "react-i18next";
import { pictureSources } from "~/features/members/picture";
import { textTypedBeforeHydration } from "~/components/typed-before-hydration";

type Candidate = { uid: string; fullName: string; avatar: string };

/** The "@word" being typed just before the caret, if any. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  // A first name, and optionally the start of a second one ("@Ana Lo").
  const m = /(^|\s)@([\p{L}\p{N}'-]{1,40}(?: [\p{L}\p{N}'-]{1,40})?)$/u.exec(before);
  return m ? { start: caret - m[2].length - 1, query: m[2] } : null;
}

/**
 * Members whose name starts with what is typed after "@", asked of the server once per query.
 * A newer query cancels the request of the one before: with a fetcher, Remix reported each
 * cancelled load as an error in the console while the member typed.
 */
function useMentionCandidates(query: string | null): Candidate[] {
  const [members, setMembers] = useState<Candidate[]>([]);
  useEffect(() => {
    if (query === null) return;
    const request = new AbortController();
    fetch(`/api/members/mention?q=${encodeURIComponent(query)}`, { signal: request.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ members?: Candidate[] }>) : { members: [] }))
      .then((body) => setMembers(body.members ?? []))
      // Cancelled by the next query, or offline: the list is a help, typing goes on without it.
      .catch(() => {
        if (!request.signal.aborted) setMembers([]);
      });
    return () => request.abort();
  }, [query]);
  return query === null ? [] : members;
}

export function Composer({
  name = "body",
  label,
  value,
  onChange,
  preview = false,
  rows = 6,
  error,
}: {
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  preview?: boolean;
  rows?: number;
  error?: string;
}) {
  const { t } = useTranslation("community");
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const candidates = useMentionCandidates(mention?.query ?? null);
  // Text typed before the page's scripts ran would be put back to the server's value at the next
  // render (use-entered-before-hydration.ts): keep it.
  useEffect(() => {
    const typed = textTypedBeforeHydration(area.current) ?? area.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (c: Candidate) => {
    if (!mention || !area.current) return;
    const caret = area.current.selectionStart;
    const link = `${mentionMarkdown(c.fullName, c.uid)} `;
    const next = value.slice(0, mention.start) + link + value.slice(caret);
    onChange(next);
    setMention(null);
    const at = mention.start + link.length;
    requestAnimationFrame(() => area.current?.setSelectionRange(at, at));
  };

  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <textarea
          ref={area}
          id={id}
          name={name}
          rows={rows}
          maxLength={BODY_MAX}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="input font-mono"
          onChange={(e) => {
            onChange(e.target.value);
            setMention(mentionAt(e.target.value, e.target.selectionStart));
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (candidates.length === 0) return;
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => (a + (e.key === "ArrowDown" ? 1 : candidates.length - 1)) % candidates.length);
            } else if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              pick(candidates[active]);
            } else if (e.key === "Escape") setMention(null);
          }}
        />
        {candidates.length > 0 ? (
          <ul
            role="listbox"
            aria-label={t("composer.mention")}
            className="absolute start-2 end-2 z-20 mt-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg sm:end-auto sm:w-72"
          >
            {candidates.map((c, i) => (
              <li
                key={c.uid}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? "bg-brand-50" : ""}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(c);
                }}
              >
                <img {...pictureSources(c.avatar, 24)} alt="" className="h-6 w-6 rounded-full" />
                <bdi translate="no">{c.fullName}</bdi>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t("composer.hint")}
      </p>
      {error ? <p className="field-error">{error}</p> : null}
      {preview ? (
        <section
          aria-label={t("composer.preview")}
          className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4"
          data-testid="preview"
        >
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("composer.preview")}</h2>
          {value.trim() ? (
            <div translate="no">
              <Markdown text={value} />
            </div>
          ) : (
            <p className="text-sm text-slate-500">{t("composer.empty")}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
