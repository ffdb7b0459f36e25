import { describe, expect, it } from "vitest";
import { profileSetupSchema, resetPasswordSchema, signUpSchema } from "./schemas";

describe("auth form schemas", () => {
  it("normalises email and accepts a long enough password", () => {
    const result = signUpSchema.parse({ email: "  Ada@Example.COM ", password: "correct horse" });
    expect(result.email).toBe("ada@example.com");
  });
  it("explains a weak password and a bad email", () => {
    const result = signUpSchema.safeParse({ email: "nope", password: "short" });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toContain("Enter a valid email address.");
    expect(messages).toContain("Use a password of at least 8 characters.");
  });
  it("trims the full name and requires 2 to 80 characters", () => {
    expect(profileSetupSchema.parse({ fullName: "  Ada Lovelace " }).fullName).toBe("Ada Lovelace");
    expect(profileSetupSchema.safeParse({ fullName: "   " }).success).toBe(false);
    expect(profileSetupSchema.safeParse({ fullName: "A" }).success).toBe(false);
    expect(profileSetupSchema.safeParse({ fullName: "x".repeat(81) }).success).toBe(false);
  });
  it("requires the confirmation to match", () => {
    const result = resetPasswordSchema.safeParse({ oobCode: "abc", password: "12345678", confirm: "12345679" });
    expect(result.success).toBe(false);
  });
});
