import { describe, expect, it } from "vitest";
import { fullNameSchema, profileSetupSchema, resetPasswordSchema, signUpSchema } from "./schemas";

describe("auth form schemas", () => {
  it("normalises email and accepts a long enough password", () => {
    const result = signUpSchema.parse({ email: "  Ada@Example.COM ", password: "correct horse" });
    expect(result.email).toBe("ada@example.com");
  });
  it("explains a weak password and a bad email", () => {
    const result = signUpSchema.safeParse({ email: "nope", password: "short" });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    // Keys of the common catalogue (decision 049), shown in the reader's language by parseForm.
    expect(messages).toContain("validation.invalidEmail");
    expect(messages).toContain("validation.passwordTooShort");
  });
  it("trims the full name and requires 2 to 80 characters", () => {
    expect(profileSetupSchema.parse({ fullName: "  Ada Lovelace " }).fullName).toBe("Ada Lovelace");
    expect(profileSetupSchema.safeParse({ fullName: "   " }).success).toBe(false);
    expect(profileSetupSchema.safeParse({ fullName: "A" }).success).toBe(false);
    expect(profileSetupSchema.safeParse({ fullName: "x".repeat(81) }).success).toBe(false);
  });
  it("requires the confirmation to match", () => {
    const result = resetPasswordSchema.safeParse({ oobCode: "abc", password: "12345678", confirm: "12345679" });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["confirm", "validation.passwordsDiffer"],
    ]);
  });
});

describe("names and bios as people see them (issue 11, finding 7)", () => {
  it("refuses a name made of zero-width spaces, bidi controls or no letter at all", () => {
    expect(fullNameSchema.safeParse("\u200b\u200b\u200b\u200b").success).toBe(false);
    expect(fullNameSchema.safeParse("\u202e\u202d\u2066\u2069").success).toBe(false);
    expect(fullNameSchema.safeParse("12345").success).toBe(false);
    expect(fullNameSchema.safeParse("🎸🎸").success).toBe(false);
    const noLetter = fullNameSchema.safeParse("!!!!");
    expect(noLetter.success ? "" : noLetter.error.issues[0]?.message).toBe("profile:validation.fullNameLetter");
  });

  it("keeps real names of any script and strips what shows nothing", () => {
    expect(fullNameSchema.parse("Zoë Ødegaard")).toBe("Zoë Ødegaard");
    expect(fullNameSchema.parse("李小龍")).toBe("李小龍");
    expect(fullNameSchema.parse("مهدی\u200cزاده")).toBe("مهدی\u200cزاده");
    expect(fullNameSchema.parse("\u200bAda\u202e Lovelace\ufeff")).toBe("Ada Lovelace");
  });

  it("strips bidi overrides and invisible characters from bios but keeps line breaks", () => {
    const bio = profileSetupSchema.parse({
      fullName: "Ada Lovelace",
      bio: "I teach \u202egnp.exe\u202c maths\n\u200bSecond line",
    }).bio;
    expect(bio).toBe("I teach gnp.exe maths\nSecond line");
  });
});
