/** Accounts in the Auth emulator, made the way the client SDK would make them, and the sign-in form. */
import { expect, type Page } from "@playwright/test";
import { readEmulators } from "./emulators";

export const PASSWORD = "correct horse battery";

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${++counter}@example.com`;

/** POSTs to the Auth emulator's copy of Google's Identity Toolkit REST API. */
async function identityToolkit<T>(method: string, body: object): Promise<T> {
  const { auth } = readEmulators();
  const response = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

/** An account created straight in the Auth emulator, as the client SDK's sign-up would. */
export function createAccount(email: string): Promise<{ idToken: string; localId: string }> {
  return identityToolkit("accounts:signUp", { email, password: PASSWORD, returnSecureToken: true });
}

/** Asks the Auth emulator to "mail" a verification code for the account; answers the code. */
export async function verificationCode(email: string, idToken: string): Promise<string> {
  await identityToolkit("accounts:sendOobCode", { requestType: "VERIFY_EMAIL", idToken });
  const { auth, projectId } = readEmulators();
  const { oobCodes } = (await (await fetch(`http://${auth}/emulator/v1/projects/${projectId}/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes.filter((c) => c.email === email && c.requestType === "VERIFY_EMAIL").at(-1)!.oobCode;
}

/** Verifies the address as the member's click on the mailed link would (the REST call applyActionCode makes). */
export async function verifyEmail(email: string, idToken: string): Promise<void> {
  await identityToolkit("accounts:update", { oobCode: await verificationCode(email, idToken) });
}

/** What the Auth emulator holds of the account. */
export function lookUpAccount(idToken: string): Promise<{ users: { emailVerified?: boolean }[] }> {
  return identityToolkit("accounts:lookup", { idToken });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The Auth emulator's account for `email`, as the project's admin sees it; undefined when there is none. */
export async function lookUpAccountByEmail(email: string): Promise<{ localId: string } | undefined> {
  const { auth, projectId } = readEmulators();
  const response = await fetch(
    `http://${auth}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ email: [email] }),
    },
  );
  expect(response.ok, await response.clone().text()).toBe(true);
  return ((await response.json()) as { users?: { localId: string }[] }).users?.[0];
}
