/**
 * The sign-in family's messages are keys of the common catalogue's `validation` (decision 049):
 * parseForm and the browser forms show them in the reader's language.
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/engine/auth/types";
import { hasLetter, stripInvisible } from "~/features/profile/visible-text";

export const emailSchema = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.emailTooLong")
  .email("validation.invalidEmail")
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ required_error: "validation.passwordChoose" })
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong");

export const redirectToSchema = z.string().max(2_000).optional();

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(PASSWORD_MAX_LENGTH, "validation.passwordIncorrect"),
  redirectTo: redirectToSchema,
});

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema, redirectTo: redirectToSchema });

export const resetRequestSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    oobCode: z.string().min(1, "validation.resetLinkInvalid").max(200),
    password: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "validation.passwordsDiffer" });

/**
 * /settings' password change: checked by the server's action, or in the browser before the engine's
 * client SDK is asked where passwords are checked there (the same messages either way).
 */
export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string().min(1, "profile:validation.currentPassword"),
    newPassword: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "profile:validation.passwordsDiffer" });

/** The button of an embedded verification link (`/auth/action?mode=verifyEmail`). */
export const verifyEmailSchema = z.object({
  intent: z.literal("verifyEmail"),
  oobCode: z.string().min(1, "This verification link is not valid. Ask for a new one in Settings.").max(200),
});

/** Form fields state these too (maxLength), so the browser stops where the server would. */
export const FULL_NAME_MAX_LENGTH = 80;
export const BIO_MAX_LENGTH = 280;

/** A name's and a bio's messages are keys of the profile catalogue's `validation` (decision 063). */
export const fullNameSchema = z
  .string({ required_error: "profile:validation.fullNameRequired" })
  .transform(stripInvisible)
  .pipe(
    z
      .string()
      .trim()
      .min(2, "profile:validation.fullNameTooShort")
      .max(FULL_NAME_MAX_LENGTH, "profile:validation.fullNameTooLong")
      .refine(hasLetter, "profile:validation.fullNameLetter"),
  );

/** A bio as people see it: invisible and direction-changing characters removed. */
export const bioSchema = z
  .string()
  .transform(stripInvisible)
  .pipe(z.string().trim().max(BIO_MAX_LENGTH, "profile:validation.bioTooLong"));

export const profileSetupSchema = z.object({
  fullName: fullNameSchema,
  bio: bioSchema.optional().default(""),
  timezone: z.string().max(64).optional(),
  redirectTo: redirectToSchema,
});
