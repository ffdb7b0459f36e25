import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { greetingValues } from "./greeting";

describe("the dashboard greeting", () => {
  const greet = (language: string, firstName: string, firstVisit = false) =>
    fixedT(language, "dashboard")("greeting", greetingValues(firstName, firstVisit));

  it("greets a member by their first name, whatever it is", () => {
    expect(greet("en", "Ana")).toBe("Welcome back, Ana!");
    expect(greet("en", "Ana", true)).toBe("Welcome, Ana!");
    // A name that is also a selector word of the message is still a name.
    expect(greet("en", "none")).toBe("Welcome back, none!");
    expect(greet("en", "None")).toBe("Welcome back, None!");
    expect(greet("en", "other")).toBe("Welcome back, other!");
    expect(greet("es", "none")).toBe("Hola de nuevo, none!");
    expect(greet("fr", "none")).toBe("Bon retour, none !");
    expect(greet("ar", "none")).toBe("مرحبًا بعودتك، none!");
  });

  it("leaves the name out when the member has none", () => {
    expect(greet("en", "")).toBe("Welcome back!");
    expect(greet("en", "", true)).toBe("Welcome!");
    expect(greet("ar", "")).toBe("مرحبًا بعودتك!");
  });
});
