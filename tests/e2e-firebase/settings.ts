/** Settings the Firebase-mode server is started with (playwright.firebase.config.ts) that the tests need too. */

/** A `demo-` project id makes the SDKs refuse to reach any real project. */
export const PROJECT_ID = "demo-skillswap";

/** Signs the server's session cookies; the tests sign theirs with it (members.ts). */
export const SESSION_SECRET = "e2e-firebase-session-secret-0123456789abcdef";
