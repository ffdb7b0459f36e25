/**
 * The curated skill taxonomy: the skills a picker suggests, in categories, with the synonyms a
 * person is likely to type ("JS" → JavaScript). Browser-safe: the picker and the server resolve
 * names with the same table, so "js: expert" typed in the plain-text fallback saves JavaScript.
 *
 * Written as "Label|synonym,synonym" entries separated by ";" so that a few hundred skills stay
 * readable in one file; parsed once at module load.
 */
import { normaliseTag } from "./tag-name";

const CATEGORIES: Record<string, string> = {
  Languages:
    "English|esl,english language;Spanish|espanol,español;French|francais,français;German|deutsch;Italian|italiano;Portuguese|portugues,português;Dutch|nederlands;" +
    "Swedish;Norwegian;Danish;Finnish;Polish|polski;Czech;Greek;Turkish;Russian;Ukrainian;Arabic;Hebrew;Persian|farsi;Hindi;Urdu;Bengali;Punjabi;Tamil;" +
    "Mandarin Chinese|chinese,mandarin,putonghua;Cantonese;Japanese|nihongo;Korean;Vietnamese;Thai;Indonesian|bahasa indonesia;Malay;Tagalog|filipino;Swahili;" +
    "Latin;Sign language|asl,bsl,american sign language;Esperanto;Irish|gaelic;Catalan|català;Romanian;Hungarian",
  Programming:
    "JavaScript|js,ecmascript,es6;TypeScript|ts;Python|py,python3;Java;Kotlin;Swift;Objective-C|objc;C;C++|cpp,c plus plus;C#|csharp,c sharp,.net;Go|golang;Rust|rustlang;" +
    "Ruby;PHP;Scala;Elixir;Haskell;Clojure;Dart;Lua;R|r language,rstats;Julia;Perl;Bash|shell scripting,shell,sh;PowerShell;SQL|sql queries;" +
    "HTML|html5;CSS|css3;Sass|scss;Tailwind CSS|tailwind;React|reactjs,react.js;React Native;Vue|vuejs,vue.js;Angular|angularjs;Svelte|sveltekit;Next.js|nextjs;Remix|remix run;" +
    "Node.js|node,nodejs;Express|expressjs;Django;Flask;FastAPI;Ruby on Rails|rails,ror;Laravel;Spring Boot|spring;ASP.NET|aspnet;Flutter;" +
    "iOS development|ios;Android development|android;Game development|gamedev;Unity|unity3d;Unreal Engine|unreal,ue5;Godot;" +
    "Git|github,version control;Docker|containers;Kubernetes|k8s;Terraform;AWS|amazon web services;Google Cloud|gcp;Azure|microsoft azure;Firebase;" +
    "Linux|gnu/linux;CI/CD|continuous integration,devops pipelines;DevOps;Testing|unit testing,test automation;Web accessibility|a11y,accessibility;" +
    "GraphQL;REST APIs|rest,api design;Web security|appsec,application security;Cybersecurity|infosec,security;Networking|computer networks;Embedded systems|embedded,firmware;Arduino;Raspberry Pi|rpi;" +
    "Algorithms|data structures,dsa;System design;Software architecture;Regex|regular expressions;WordPress|wp;Shopify;Excel VBA|vba",
  "Data & AI":
    "Data analysis|data analytics;Data science;Machine learning|ml;Deep learning|dl,neural networks;Natural language processing|nlp;Computer vision|cv;" +
    "Prompt engineering|prompting,chatgpt;Statistics|stats;Excel|microsoft excel,spreadsheets;Google Sheets|sheets;Power BI|powerbi;Tableau;Pandas;NumPy;" +
    "PyTorch;TensorFlow;Data visualisation|data visualization,dataviz;Data engineering|etl;PostgreSQL|postgres;MySQL;MongoDB|mongo;SQLite;Big data|spark,hadoop",
  Design:
    "UX design|ux,user experience;UI design|ui,user interface;Graphic design;Figma;Sketch;Adobe Photoshop|photoshop;Adobe Illustrator|illustrator;Adobe InDesign|indesign;" +
    "Canva;Logo design|branding design;Typography|type design;Web design;Motion design|motion graphics,after effects;3D modelling|3d modeling,3d;Blender;" +
    "Product design;Interior design;Fashion design;Architecture|architectural design;CAD|autocad;Illustration|digital illustration;Animation|2d animation;User research|ux research",
  Business:
    "Marketing;Digital marketing;SEO|search engine optimisation,search engine optimization;Social media marketing|social media,smm;Content marketing;Copywriting;Email marketing;" +
    "Sales;Negotiation;Public speaking|presentations,speaking;Leadership;Project management|pm;Product management;Agile|scrum,kanban;Entrepreneurship|startups;" +
    "Business strategy|strategy;Accounting|bookkeeping;Finance|corporate finance;Personal finance|budgeting,money management;Investing|stock market,investment;" +
    "Fundraising;Customer service|customer support;Recruiting|hiring;Human resources|hr;Interview preparation|job interviews;CV writing|resume writing,resume;" +
    "Career coaching|career advice;Management|people management;Business English;Event planning;E-commerce|ecommerce;Freelancing;Consulting;Law|legal basics;Real estate",
  Music:
    "Guitar|acoustic guitar,electric guitar;Bass guitar|bass;Piano|keyboard;Violin|fiddle;Viola;Cello;Double bass;Drums|drumming,percussion;Ukulele|uke;" +
    "Saxophone|sax;Trumpet;Flute;Clarinet;Harmonica;Singing|vocals,voice;Music theory;Songwriting;Music production|beat making,producing;Ableton Live|ableton;" +
    "Logic Pro;DJing|dj;Audio mixing|mixing,mastering;Composition|composing;Choir singing|choir;Sight reading",
  "Arts & Crafts":
    "Drawing|sketching;Painting;Watercolour|watercolor;Oil painting;Acrylic painting;Calligraphy|lettering,hand lettering;Photography|photo;Photo editing|lightroom;" +
    "Videography|filmmaking,video;Video editing|premiere pro,final cut;Knitting;Crochet;Sewing;Embroidery;Quilting;Pottery|ceramics;Woodworking|carpentry;" +
    "Jewellery making|jewelry making;Origami;Sculpture;Printmaking;Comics|comic drawing;Acting|theatre,theater;Improv|improvisation;Stand-up comedy|comedy;Dance|dancing;" +
    "Salsa;Ballet;Hip hop dance;Tango;Magic tricks|magic",
  "Cooking & Home":
    "Cooking;Baking;Bread baking|sourdough;Pastry;Vegan cooking|plant-based cooking;Italian cooking;Indian cooking;Japanese cooking|sushi;Mexican cooking;" +
    "Meal prep|meal planning;Nutrition;Coffee|barista;Wine tasting|wine;Cocktails|mixology;Fermentation;Gardening;Houseplants|plant care;Home repair|diy;" +
    "Plumbing;Electrics|electrical work;Bike repair|bicycle repair;Car maintenance|car repair;Decluttering|organising,organizing;Sustainable living|zero waste",
  "Sports & Fitness":
    "Running|jogging;Cycling;Swimming;Yoga;Pilates;Strength training|weightlifting,weight training;Calisthenics;CrossFit;Boxing;Martial arts;Karate;Judo;" +
    "Brazilian jiu-jitsu|bjj;Tai chi;Climbing|bouldering,rock climbing;Hiking;Surfing;Skateboarding;Snowboarding;Skiing;Tennis;Table tennis|ping pong;Badminton;" +
    "Football|soccer;Basketball;Volleyball;Golf;Chess;Go (board game)|baduk,weiqi;Personal training;Stretching|mobility;Horse riding|equestrian;Sailing",
  Wellbeing:
    "Meditation|mindfulness;Breathwork;Stress management;Sleep coaching|sleep;Life coaching|coaching;Time management|productivity;Habit building|habits;" +
    "Journaling;Self-confidence|confidence;Emotional intelligence;Parenting;First aid;Mental health awareness",
  Academics:
    "Mathematics|math,maths;Algebra;Calculus;Geometry;Linear algebra;Probability;Physics;Chemistry;Biology;Astronomy;Geography;History;Philosophy;Psychology;" +
    "Economics;Political science|politics;Sociology;Literature;Creative writing|fiction writing;Academic writing|essay writing;Poetry;Grammar;Proofreading|editing;" +
    "Translation;Study skills|learning how to learn;Exam preparation|test prep;Research methods;Homework help|tutoring",
};

export interface TaxonomySkill {
  tag: string;
  label: string;
  category: string;
  /** Normalised synonyms, without the tag itself. */
  synonyms: string[];
}

function parseTaxonomy(): TaxonomySkill[] {
  const skills: TaxonomySkill[] = [];
  for (const [category, text] of Object.entries(CATEGORIES)) {
    for (const entry of text.split(";")) {
      const [label, synonyms = ""] = entry.split("|");
      skills.push({
        tag: normaliseTag(label),
        label: label.trim(),
        category,
        synonyms: synonyms.split(",").map(normaliseTag).filter(Boolean),
      });
    }
  }
  return skills;
}

export const TAXONOMY: readonly TaxonomySkill[] = parseTaxonomy();
export const SKILL_CATEGORIES: readonly string[] = Object.keys(CATEGORIES);

/** Every normalised name (label or synonym) → its skill. Built once; the tests check it has no clashes. */
const BY_NAME = new Map<string, TaxonomySkill>();
for (const skill of TAXONOMY) {
  for (const name of [skill.tag, ...skill.synonyms]) if (!BY_NAME.has(name)) BY_NAME.set(name, skill);
}

/** The taxonomy skill a person meant by `raw` ("JS", "js ", "JavaScript"), or undefined. */
export function findSkill(raw: string): TaxonomySkill | undefined {
  return BY_NAME.get(normaliseTag(raw));
}

const BY_TAG = new Map(TAXONOMY.map((skill) => [skill.tag, skill]));
/**
 * Whether a stored tag is the taxonomy's (its name is translated: namespace "skills", by tag,
 * decision 056) rather than a member's own (shown as written).
 */
export function isTaxonomyTag(tag: string): boolean {
  return BY_TAG.has(tag);
}

/** A skill as a page shows it: `label` in the reader's language; `own` when it is a member's own tag (shown as written). */
export type ShownSkill<S extends { tag: string; label: string } = { tag: string; label: string }> = S & {
  own: boolean;
};

/**
 * The taxonomy's names in the reader's language, by tag: what the loaders send to the picker
 * (skill-names.server.ts). Empty in English, where the names are the labels.
 */
export type SkillNames = Readonly<Record<string, string>>;

/**
 * Like findSkill, also knowing the names in the reader's language ("guitarra" → Guitar), so a
 * translated name typed and entered saves the taxonomy's English tag.
 */
export function findSkillNamed(raw: string, names: SkillNames): TaxonomySkill | undefined {
  const known = findSkill(raw);
  if (known) return known;
  const wanted = normaliseTag(raw);
  if (!wanted) return undefined;
  for (const [tag, name] of Object.entries(names)) if (normaliseTag(name) === wanted) return BY_TAG.get(tag);
  return undefined;
}

/** A suggestion the picker offers: a taxonomy skill, or a skill other members already use. */
export interface SkillSuggestion {
  tag: string;
  label: string;
  category?: string;
  /** A taxonomy skill's name in the reader's language, when it has one (`label` stays the English). */
  name?: string;
}

function rankOf(query: string, names: readonly string[]): number {
  let best = Infinity;
  for (const name of names) {
    if (name === query) return 0;
    if (name.startsWith(query)) best = Math.min(best, 1);
    else if (name.split(/[\s/.-]+/).some((word) => word.startsWith(query))) best = Math.min(best, 2);
    else if (query.length >= 3 && name.includes(query)) best = Math.min(best, 3);
  }
  return best;
}

/**
 * Suggestions for what a person has typed: exact names (synonyms included) first, then names
 * that start with it, then words that start with it, then (from three letters) names containing
 * it; the taxonomy before skills members made up, shorter names first. A taxonomy skill is also
 * found by its name in the reader's language (`names`, by tag: "guitarra" finds Guitar). Skills
 * already chosen (`exclude`, by tag) are left out.
 */
export function suggestSkills(
  rawQuery: string,
  memberSkills: readonly SkillSuggestion[],
  exclude: ReadonlySet<string>,
  limit = 8,
  names: SkillNames = {},
): SkillSuggestion[] {
  const query = normaliseTag(rawQuery);
  if (!query) return [];
  const scored: { suggestion: SkillSuggestion; rank: number; order: number }[] = [];
  const seen = new Set<string>();
  for (const skill of TAXONOMY) {
    const name = names[skill.tag];
    const rank = rankOf(
      query,
      name ? [normaliseTag(name), skill.tag, ...skill.synonyms] : [skill.tag, ...skill.synonyms],
    );
    if (rank === Infinity || exclude.has(skill.tag)) continue;
    seen.add(skill.tag);
    const suggestion = { tag: skill.tag, label: skill.label, category: skill.category };
    scored.push({ suggestion: name ? { ...suggestion, name } : suggestion, rank, order: 0 });
  }
  for (const skill of memberSkills) {
    if (seen.has(skill.tag) || exclude.has(skill.tag) || findSkill(skill.tag)) continue;
    const rank = rankOf(query, [skill.tag]);
    if (rank === Infinity) continue;
    seen.add(skill.tag);
    scored.push({ suggestion: { tag: skill.tag, label: skill.label }, rank, order: 1 });
  }
  const shown = (s: SkillSuggestion) => s.name ?? s.label;
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.order - b.order ||
      shown(a.suggestion).length - shown(b.suggestion).length ||
      shown(a.suggestion).localeCompare(shown(b.suggestion)),
  );
  return scored.slice(0, limit).map((s) => s.suggestion);
}
