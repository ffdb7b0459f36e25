import { describe, expect, it, vi } from "vitest";
import { fixedT, i18nFor, languageCookie, languageFromCookie, languageOf, pseudoLocaleOffered } from "./i18n.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/auth", { headers });

describe("the language of a request (decision 049)", () => {
  it("is the member's own choice first, then the cookie, then Accept-Language, then English", async () => {
    expect(await languageOf(request({ Cookie: "lang=fr", "Accept-Language": "es" }), "ar")).toBe("ar");
    expect(await languageOf(request({ Cookie: "lang=fr", "Accept-Language": "es" }), "")).toBe("fr");
    expect(await languageOf(request({ "Accept-Language": "de-DE,es;q=0.8,en;q=0.5" }))).toBe("es");
    expect(await languageOf(request({ "Accept-Language": "es-MX" }))).toBe("es");
    expect(await languageOf(request({}))).toBe("en");
  });

  it("passes over an unknown cookie, an unknown setting or a malformed header, without an error", async () => {
    expect(await languageOf(request({ Cookie: "lang=klingon" }), "xx")).toBe("en");
    expect(await languageOf(request({ Cookie: "lang=%E0%A4%A", "Accept-Language": "fr" }))).toBe("fr");
    for (const header of ["xx;;;q=,,", ";q=1", "*", "en-", "q=0.5;;es"])
      expect(await languageOf(request({ "Accept-Language": header }))).toBe("en");
  });

  it("reads and writes the plain `lang` cookie", () => {
    expect(languageFromCookie("a=1; lang=ar; b=2")).toBe("ar");
    expect(languageFromCookie("slang=ar")).toBeNull();
    expect(languageCookie("es")).toMatch(/^lang=es; Path=\/; Max-Age=\d+; SameSite=Lax/);
  });

  it("offers the pseudo-locale outside production and where PSEUDO_LOCALE is set", () => {
    expect(pseudoLocaleOffered({ NODE_ENV: "development" })).toBe(true);
    expect(pseudoLocaleOffered({ NODE_ENV: "production" })).toBe(false);
    expect(pseudoLocaleOffered({ NODE_ENV: "production", PSEUDO_LOCALE: "true" })).toBe(true);
  });
});

describe("t() on the server", () => {
  it("speaks each language and fills placeholders", () => {
    expect(fixedT("es")("language.label")).toBe("Idioma");
    expect(fixedT("ar")("language.unsupported", { languages: "English" })).toContain("English");
    expect(fixedT("en-XA")("language.label")).toMatch(/^⟦.*⟧$/);
  });
});

describe("answers kept per call (issue 28, decision 074)", () => {
  it("answers a repeated call as the first time, and each count, value and language by its own", () => {
    const t = fixedT("en", "chat");
    expect(t("matches.total", { count: 1 })).toBe("1 member fits");
    expect(t("matches.total", { count: 1 })).toBe("1 member fits");
    expect(t("matches.total", { count: 20 })).toBe("20 members fit");
    expect(t("matches.reason.learns", { learns: "Guitar" })).toBe("Wants to learn Guitar — you teach Guitar");
    expect(t("matches.reason.learns", { learns: "Piano" })).toBe("Wants to learn Piano — you teach Piano");
    expect(fixedT("ar", "chat")("matches.total", { count: 1 })).not.toBe("1 member fits");
    expect(fixedT("en")("language.label")).not.toBe(fixedT("es")("language.label"));
  });

  it("finds a kept answer without JSON.stringify (decision 105), and never takes one value for two", () => {
    const t = fixedT("en", "chat");
    expect(t("matches.total", { count: 3 })).toBe("3 members fit");
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      expect(t("matches.total", { count: 3 })).toBe("3 members fit");
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    // A member's name may hold any character: a value that spells out another option stays its own call.
    expect(t("matches.reason.learns", { learns: "Guitar", extra: "x" })).toBe(
      "Wants to learn Guitar — you teach Guitar",
    );
    expect(t("matches.reason.learns", { learns: "Guitar|5:extra=s1:x" })).toBe(
      "Wants to learn Guitar|5:extra=s1:x — you teach Guitar|5:extra=s1:x",
    );
  });

  it("does not keep a call whose options hold an object, and still answers it", () => {
    const t = fixedT("en", "chat");
    const values = { learns: "Guitar", extra: { nested: true } };
    expect(t("matches.reason.learns", values)).toBe("Wants to learn Guitar — you teach Guitar");
    values.learns = "Piano";
    expect(t("matches.reason.learns", values)).toBe("Wants to learn Piano — you teach Piano");
  });
});

describe("fixed t()s kept per language, namespace and key prefix (issue 28, decision 126)", () => {
  it("hands every render the same fixed t(), each answering in its own language, namespace and prefix", () => {
    const en = i18nFor("en");
    // As react-i18next asks on every useTranslation: no language (the instance's own), a namespace, a prefix.
    expect(en.getFixedT(null, "chat")).toBe(en.getFixedT(null, "chat"));
    expect(en.getFixedT(null, "chat", "matches")).toBe(en.getFixedT(null, "chat", "matches"));
    expect(en.getFixedT(null, "chat", "matches")).not.toBe(en.getFixedT(null, "chat"));
    expect(en.getFixedT(null, "chat")("matches.total", { count: 1 })).toBe("1 member fits");
    expect(en.getFixedT(null, "chat", "matches")("total", { count: 20 })).toBe("20 members fit");
    expect(en.getFixedT(null, ["chat", "common"])("language.label")).toBe("Language");
    expect(i18nFor("es").getFixedT(null, "common")("language.label")).toBe("Idioma");
    expect(en.getFixedT(null, "common")("language.label")).toBe("Language");
  });

  it("answers a repeated call without going through i18next again", () => {
    const en = i18nFor("en");
    const t = en.getFixedT(null, "chat");
    expect(t("matches.total", { count: 7 })).toBe("7 members fit");
    expect(t("matches.reason.learns", { learns: "Chess" })).toBe("Wants to learn Chess — you teach Chess");
    const translate = vi.spyOn(en, "t");
    try {
      expect(en.getFixedT(null, "chat")("matches.total", { count: 7 })).toBe("7 members fit");
      expect(t("matches.reason.learns", { learns: "Chess" })).toBe("Wants to learn Chess — you teach Chess");
      expect(translate).not.toHaveBeenCalled();
      // A new value is a new call, answered by i18next.
      expect(t("matches.total", { count: 8 })).toBe("8 members fit");
      expect(translate).toHaveBeenCalledTimes(1);
    } finally {
      translate.mockRestore();
    }
  });
});
