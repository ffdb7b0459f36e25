import { afterEach, describe, expect, it, vi } from "vitest";
import { preferredLanguage } from "./accept-language";

describe("preferredLanguage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("parses a header once and answers the same again without parsing", () => {
    const canonical = vi.spyOn(Intl, "getCanonicalLocales");
    const header = "pt-BR,es;q=0.9,en;q=0.8";
    expect(preferredLanguage(header, ["en", "es"])).toBe("es");
    expect(canonical).toHaveBeenCalledTimes(3);
    expect(preferredLanguage(header, ["en", "es"])).toBe("es");
    expect(canonical).toHaveBeenCalledTimes(3);
  });

  it("keeps the answer per offered list, and a header that matches nothing", () => {
    const header = "de-AT,fr;q=0.5";
    expect(preferredLanguage(header, ["en", "es"])).toBeNull();
    expect(preferredLanguage(header, ["en", "fr"])).toBe("fr");
    expect(preferredLanguage(header, ["en", "es"])).toBeNull();
    expect(preferredLanguage("*", ["en"])).toBeNull();
    expect(preferredLanguage("*", ["en"])).toBeNull();
  });
});
