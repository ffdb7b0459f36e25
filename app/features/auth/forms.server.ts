/**
 * The auth forms' schemas as the routes' actions read them. A route that imported
 * `features/auth/schemas` for its action alone shipped that module, and zod with it, to every
 * browser that opened the page: the bundler keeps a module whose top level builds schemas even
 * when nothing the browser runs uses it. Through this `.server` module the browser build drops the
 * import (decision 053). The schemas themselves live in `schemas.ts`; the browser's own checks
 * fetch them on submit (components/auth/use-browser-auth-form.ts).
 */
export { resetRequestSchema, signInSchema, signUpSchema } from "./schemas";
