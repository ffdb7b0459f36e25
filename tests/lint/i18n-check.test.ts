import { describe, expect, it } from "vitest";
import { analyse, checkCatalogues, flatten } from "../../scripts/i18n-check.mjs";

const catalogues = (es: Record<string, unknown>, ar: Record<string, unknown> = {}) => ({
  en: {
    common: flatten({
      nav: { chat: "Chat" },
      members: "{count, plural, one {# member} other {# members}}",
      hello: "Hello {name}",
    }),
  },
  es: { common: flatten(es) },
  ar: {
    common: flatten({
      nav: { chat: "المحادثات" },
      members: "{count, plural, zero {لا أعضاء} one {عضو واحد} two {عضوان} few {# أعضاء} many {# عضوًا} other {# عضو}}",
      hello: "مرحبًا {name}",
      ...ar,
    }),
  },
});
const code = ['t("nav.chat")', 't("members", { count })', 't("hello", { name })'];
const goodSpanish = {
  nav: { chat: "Chat" },
  members: "{count, plural, one {# miembro} many {# miembros} other {# miembros}}",
  hello: "Hola {name}",
};

describe("npm run i18n:check", () => {
  it("passes complete, used, valid catalogues", () => {
    expect(checkCatalogues(catalogues(goodSpanish), code)).toEqual([]);
  });

  it("fails on a key missing in a language", () => {
    const { hello: _hello, ...rest } = goodSpanish;
    expect(checkCatalogues(catalogues(rest), code)).toEqual(["es/common.json hello: missing"]);
  });

  it("fails on an unused key", () => {
    expect(checkCatalogues(catalogues(goodSpanish), code.slice(0, 2))).toEqual([
      "unused key common:hello (no string in app/ names it)",
    ]);
  });

  it("fails on placeholders that differ from English", () => {
    expect(checkCatalogues(catalogues({ ...goodSpanish, hello: "Hola {nombre}" }), code)).toEqual([
      "es/common.json hello: placeholders {nombre} differ from English {name}",
    ]);
  });

  it("fails on an invalid ICU message and on a plural without one of its language's forms", () => {
    expect(checkCatalogues(catalogues({ ...goodSpanish, hello: "Hola {name" }), code)[0]).toMatch(
      /^es\/common.json hello: invalid ICU message/,
    );
    const problems = checkCatalogues(
      catalogues(goodSpanish, { members: "{count, plural, one {عضو} other {# عضو}}" }),
      code,
    );
    expect([...problems].sort()).toEqual([
      "ar/common.json members: plural count: few form missing",
      "ar/common.json members: plural count: many form missing",
      "ar/common.json members: plural count: two form missing",
      "ar/common.json members: plural count: zero form missing",
    ]);
  });

  it("reads a key built from a template by its fixed segments", () => {
    expect(checkCatalogues(catalogues(goodSpanish), ["t(`nav.${item}`)", 't("members")', 't("hello")'])).toEqual([]);
    expect(analyse("{n, plural, one {# x} other {# xs}}", "en")).toEqual({ args: ["n"], missingForms: [] });
  });

  it("does not look in the code for the keys of a namespace keyed by data (the skills, by tag)", () => {
    const skills = {
      en: { common: {}, skills: { "node.js": "Node.js" } },
      es: { common: {}, skills: { "node.js": "Node.js" } },
    };
    expect(checkCatalogues(skills, [])).toEqual([]);
    expect(checkCatalogues({ ...skills, es: { common: {}, skills: {} } }, [])).toEqual([
      "es/skills.json node.js: missing",
    ]);
  });
});
