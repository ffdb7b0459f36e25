/**
 * The auth forms' island for Firebase mode: intercepts the form's submit, does the work with the
 * client SDK in the browser, then follows the server's answer. On the embedded engine it returns
 * no handler, so the plain Remix form posts exactly as before.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { resetRequestSchema, signInSchema, signUpSchema } from "~/features/auth/schemas";
import type { PublicEnv } from "~/utils/env.server";

type Intent = "signIn" | "signUp" | "reset";

const SCHEMAS: Record<Intent, z.ZodTypeAny> = { signIn: signInSchema, signUp: signUpSchema, reset: resetRequestSchema };

export function useFirebaseMode(): boolean {
  return useRouteLoaderData<{ ENV: PublicEnv }>("root")?.ENV.BACKEND === "firebase";
}

export function useFirebaseAuthForm(intent: Intent) {
  const enabled = useFirebaseMode();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SCHEMAS[intent].safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the form and try again.");
      return;
    }
    const value = parsed.data as { email: string; password?: string; redirectTo?: string };
    setBusy(true);
    setError(null);
    try {
      const auth = await import("./browser-auth.client");
      try {
        if (intent === "reset") {
          await auth.requestFirebasePasswordReset(value.email);
          setSentTo(value.email);
        } else {
          window.location.assign(
            await auth.startFirebaseSession(intent, value.email, value.password ?? "", value.redirectTo ?? ""),
          );
          return; // keep the button busy while the browser leaves
        }
      } catch (failure) {
        setError(auth.messageFor(failure));
      }
    } catch {
      setError("We could not load the sign-in service. Check your connection and try again.");
    }
    setBusy(false);
  }

  return {
    onSubmit: enabled ? (event: FormEvent<HTMLFormElement>) => void onSubmit(event) : undefined,
    error,
    busy,
    sentTo,
  };
}
