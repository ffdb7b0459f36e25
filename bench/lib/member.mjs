// A signed-in member with a real member's data, for benchmarks that drive the production server:
// signs up through the app's own forms (sign-up, profile setup), seeds the demo community and the
// member's own data beside the running server (bench/seed-member.ts), and marks onboarding done
// the way the browser does (POST /api/onboarding), so pages show what a returning member sees.
import { spawnSync } from "node:child_process";
import { bin, ROOT } from "../../scripts/lib/build.mjs";

/** A minimal cookie jar: name → value, updated from Set-Cookie headers. */
export class CookieJar {
  #cookies = new Map();
  update(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some(
        (a) => /^max-age=\s*(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  get header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get entries() {
    return [...this.#cookies].map(([name, value]) => ({ name, value }));
  }
  get size() {
    return this.#cookies.size;
  }
}

/** One request without automatic redirects; records cookies; returns the response and its body. */
export async function request(baseUrl, jar, pathname, { method = "GET", form } = {}) {
  const headers = { cookie: jar.header, accept: "text/html" };
  let body;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = baseUrl; // actions check the request's origin
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(new URL(pathname, baseUrl), { method, headers, body, redirect: "manual" });
  jar.update(response);
  return { response, text: await response.text() };
}

/** Submits a form and follows the redirects by hand (GET each Location); returns the final path. */
export async function submitAndFollow(baseUrl, jar, pathname, form) {
  let { response, text } = await request(baseUrl, jar, pathname, { method: "POST", form });
  let at = pathname;
  const trail = [`POST ${pathname} → ${response.status}`];
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
    const location = response.headers.get("location");
    if (!location) break;
    const next = new URL(location, new URL(at, baseUrl));
    at = next.pathname + next.search;
    ({ response, text } = await request(baseUrl, jar, at));
    trail.push(`GET ${at} → ${response.status}`);
  }
  if (response.status >= 400) {
    const snippet = text
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .slice(0, 300);
    throw new Error(`${trail.join(", ")}: the app refused the form (${snippet})`);
  }
  return { path: new URL(at, baseUrl).pathname, trail };
}

/** Signs a new member up through the forms; returns their cookie jar. */
export async function signUp(baseUrl, { email, password, fullName }) {
  const jar = new CookieJar();
  const signup = await submitAndFollow(baseUrl, jar, "/signup", { email, password });
  console.log(`  sign-up: ${signup.trail.join(", ")}`);
  const profile = await submitAndFollow(baseUrl, jar, "/profile-setup", { fullName });
  console.log(`  profile setup: ${profile.trail.join(", ")}`);
  if (jar.size === 0) throw new Error("no session cookie was set by sign-up");
  return jar;
}

/** The demo community, then the member's own data, written beside the running server (WAL). */
export function seedRealisticMember(env, email) {
  const run = (args, extraEnv = {}) => {
    const result = spawnSync(bin("tsx"), args, { cwd: ROOT, env: { ...env, ...extraEnv }, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  // The demo seeder refuses NODE_ENV=production (it is for development stores); this store is the bench's own.
  run(["scripts/seed-demo.ts"], { NODE_ENV: "development" });
  const lines = run(["bench/seed-member.ts", email]).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

/** Marks the tour and the welcome bonus as seen, as the onboarding island does in the browser. */
export async function finishOnboarding(baseUrl, jar) {
  for (const flag of ["tourCompleted", "welcomeBonusShown"]) {
    const { response, text } = await request(baseUrl, jar, "/api/onboarding", { method: "POST", form: { flag } });
    if (response.status !== 200)
      throw new Error(`POST /api/onboarding flag=${flag} answered ${response.status}: ${text}`);
  }
}
