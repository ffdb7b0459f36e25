/**
 * The skill picker: chips with a level each, and a combobox (ARIA 1.2 pattern: the input owns a
 * listbox, arrows move the active option, Enter picks, Escape closes) suggesting skills from the
 * taxonomy and from what members already use. Free entry stays possible ("Add …").
 *
 * It submits the same "Label: level" lines as the plain-text field it replaces, in a hidden input
 * of the same name: before the page has hydrated (or without JavaScript) the textarea is the form.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextAreaField } from "~/components/form";
import { textTypedBeforeHydration } from "~/components/typed-before-hydration";
import {
  levelWordsOf,
  MAX_SKILLS_PER_LIST,
  parseSkillLines,
  SKILL_LEVELS,
  skillLines,
  toSkill,
  type LevelWords,
  type Skill,
  type SkillLevel,
} from "~/features/skills/tags";
import {
  findSkillNamed,
  isTaxonomyTag,
  suggestSkills,
  type SkillNames,
  type SkillSuggestion,
} from "~/features/skills/taxonomy";

interface SkillPickerProps {
  label: string;
  name: string;
  /** The stored skills, or the lines the server sent back with an error. */
  initial: Skill[] | string;
  /** The level a newly added skill starts with. */
  defaultLevel: SkillLevel;
  memberSkills: readonly SkillSuggestion[];
  placeholder: string;
  error?: string;
  hint: string;
  /**
   * The taxonomy's names in the reader's language by tag (the loader's skillNamer().taxonomyNames()):
   * shown, and matched against what is typed. What is submitted stays the English label.
   */
  names?: SkillNames;
}

/**
 * What the picker starts from: the stored skills, or lines typed (a taxonomy skill maybe by its
 * name in `names`, a level by the reader's word in `levels`).
 */
function initialSkills(initial: Skill[] | string, names: SkillNames, levels: LevelWords): Skill[] {
  return typeof initial === "string" ? parseSkillLines(initial, names, levels).skills : initial;
}

/** The catalogue key of each taxonomy category (namespace "profile", skillPicker.categories). */
const CATEGORY_KEYS: Record<string, string> = {
  Languages: "languages",
  Programming: "programming",
  "Data & AI": "dataAi",
  Design: "design",
  Business: "business",
  Music: "music",
  "Arts & Crafts": "artsCrafts",
  "Cooking & Home": "cookingHome",
  "Sports & Fitness": "sportsFitness",
  Wellbeing: "wellbeing",
  Academics: "academics",
};

const NO_NAMES: SkillNames = {};

export function SkillPicker(props: SkillPickerProps) {
  const { t } = useTranslation("profile");
  const fallback = useRef<HTMLDivElement>(null);
  // The plain field shows a taxonomy skill by its name and a level by its word in the reader's
  // language, as the chips do; the server reads both back (skillsField).
  const names = props.names ?? NO_NAMES;
  const sent =
    typeof props.initial === "string"
      ? props.initial
      : skillLines(
          props.initial.map((s) => ({ ...s, label: names[s.tag] ?? s.label })),
          levelWordsOf(t),
        );
  // Undefined until hydrated; then what was typed into the plain field before (on a slow phone), or
  // null when nothing was, so the picker starts from what the person sees.
  const [entered, setEntered] = useState<string | null | undefined>(undefined);
  useEffect(() => setEntered(textTypedBeforeHydration(fallback.current?.querySelector("textarea")) ?? null), []);
  if (entered === undefined) {
    return (
      <div ref={fallback}>
        <TextAreaField
          label={props.label}
          name={props.name}
          rows={5}
          placeholder={props.placeholder}
          defaultValue={sent}
          error={props.error}
          hint={t("skillPicker.fallbackHint", { max: MAX_SKILLS_PER_LIST })}
        />
      </div>
    );
  }
  return <Picker {...props} initial={entered ?? props.initial} />;
}

function Picker({ label, name, initial, defaultLevel, memberSkills, error, hint, names = NO_NAMES }: SkillPickerProps) {
  const { t } = useTranslation("profile");
  const id = useId();
  const [skills, setSkills] = useState<Skill[]>(() => initialSkills(initial, names, levelWordsOf(t)));
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState("");
  const chosen = useMemo(() => new Set(skills.map((s) => s.tag)), [skills]);
  const suggestions = useMemo(
    () => suggestSkills(query, memberSkills, chosen, 8, names),
    [query, memberSkills, chosen, names],
  );
  // What was typed, as the skill it names: "guitarra" is the taxonomy's Guitar in Spanish.
  const typed = toSkill(findSkillNamed(query, names)?.label ?? query, defaultLevel);
  /** A skill's name as the reader reads it; a member's own is as they wrote it. */
  const shown = (skill: { tag: string; label: string }) => names[skill.tag] ?? skill.label;
  const own = (skill: { tag: string }) => (isTaxonomyTag(skill.tag) ? undefined : "no");
  // Free entry: offered when what was typed is neither chosen nor one of the suggestions.
  const freeEntry = typed && !chosen.has(typed.tag) && !suggestions.some((s) => s.tag === typed.tag) ? typed : null;
  const options: Skill[] = [
    ...suggestions.map((s) => ({ tag: s.tag, label: s.label, level: defaultLevel })),
    ...(freeEntry ? [freeEntry] : []),
  ];
  const categoryText = (category: string | undefined) => {
    const key = category ? CATEGORY_KEYS[category] : undefined;
    return key ? t(`skillPicker.categories.${key}`) : category;
  };
  const full = skills.length >= MAX_SKILLS_PER_LIST;
  const expanded = open && query.trim() !== "" && options.length > 0 && !full;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const add = (skill: Skill) => {
    const resolved = toSkill(skill.label, skill.level) ?? skill;
    if (chosen.has(resolved.tag) || full) return;
    setSkills([...skills, resolved]);
    setQuery("");
    setActive(0);
    setNotice(t("skillPicker.added", { skill: shown(resolved) }));
  };
  const remove = (tag: string) => {
    const skill = skills.find((s) => s.tag === tag);
    setSkills(skills.filter((s) => s.tag !== tag));
    if (skill) setNotice(t("skillPicker.removed", { skill: shown(skill) }));
  };
  const setLevel = (tag: string, level: SkillLevel) =>
    setSkills(skills.map((s) => (s.tag === tag ? { ...s, level } : s)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : 0));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i - 1 + options.length) % options.length : 0));
    } else if (event.key === "Enter") {
      // Enter picks; it never submits the whole form from here.
      event.preventDefault();
      const option = expanded ? options[Math.min(active, options.length - 1)] : freeEntry;
      if (option) add(option);
    } else if (event.key === "Escape") {
      if (expanded) event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div>
      <label htmlFor={`${id}-input`} className="label">
        {label}
      </label>
      <input type="hidden" name={name} value={skillLines(skills)} />
      {skills.length ? (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={label}>
          {skills.map((skill) => (
            <li
              key={skill.tag}
              className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 ps-2.5 pe-1 text-xs font-medium text-brand-800"
            >
              <span className="min-w-0 break-words" translate={own(skill)}>
                {shown(skill)}
              </span>
              <select
                aria-label={t("skillPicker.levelFor", { skill: shown(skill) })}
                value={skill.level}
                onChange={(e) => setLevel(skill.tag, e.target.value as SkillLevel)}
                className="rounded-full border-0 bg-white/70 py-0 ps-1.5 pe-6 text-xs text-brand-800 focus:ring-2 focus:ring-brand-500"
              >
                {SKILL_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`skillPicker.levels.${level}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                onClick={() => remove(skill.tag)}
                aria-label={t("skillPicker.remove", { skill: shown(skill) })}
                className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? optionId(Math.min(active, options.length - 1)) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          autoComplete="off"
          className="input"
          value={query}
          disabled={full}
          placeholder={full ? t("skillPicker.full", { max: MAX_SKILLS_PER_LIST }) : t("skillPicker.placeholder")}
          maxLength={60}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t("skillPicker.suggestionsFor", { label })}
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {expanded
            ? options.map((option, i) => (
                <li
                  key={option.tag}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    add(option);
                  }}
                  // Moves, not enters: a list opening under a resting pointer keeps the keyboard's choice.
                  onMouseMove={() => setActive(i)}
                  className={`flex cursor-pointer justify-between gap-2 px-3 py-1.5 ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-700"}`}
                >
                  {option === freeEntry ? (
                    <span className="min-w-0 break-words">{t("skillPicker.addNew", { skill: option.label })}</span>
                  ) : (
                    <span className="min-w-0 break-words" translate={own(option)}>
                      {shown(option)}
                    </span>
                  )}
                  <span className="shrink-0 text-xs text-slate-500">
                    {categoryText(suggestions[i]?.category) ??
                      t(option === freeEntry ? "skillPicker.newSkill" : "skillPicker.usedByMembers")}
                  </span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint} {t("skillPicker.count", { max: MAX_SKILLS_PER_LIST, count: skills.length })}
      </p>
      <div id={`${id}-error`}>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}
