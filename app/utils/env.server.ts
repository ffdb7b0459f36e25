import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** What the Firebase engine cannot start without. */
export const FIREBASE_REQUIRED = [
  "FIREBASE_PROJECT_ID",
  "FIREBASE_API_KEY",
  "FIREBASE_AUTH_DOMAIN",
  "FIREBASE_APP_ID",
] as const;

/** One entry of RTCConfiguration.iceServers: STUN, or TURN with its credentials. */
const iceServer = z
  .object({
    urls: z.union([z.string(), z.array(z.string()).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict()
  .superRefine((server, ctx) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    for (const url of urls) {
      if (!/^(stun|stuns|turn|turns):[^\s]+$/.test(url))
        ctx.addIssue({ code: "custom", message: `"${url}" is not a stun:, stuns:, turn: or turns: URL` });
      else if (/^turns?:/.test(url) && (!server.username || !server.credential))
        ctx.addIssue({ code: "custom", message: `the TURN server "${url}" needs a username and a credential` });
    }
  });

/** STUN only: enough for most home and office networks; a TURN server covers the rest (README). */
export const DEFAULT_ICE_SERVERS = [{ urls: "stun:stun.l.google.com:19302" }];

const iceServers = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === "") return DEFAULT_ICE_SERVERS;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be JSON, e.g. [{"urls":"stun:stun.example.com:3478"}]' });
      return z.NEVER;
    }
    const result = z.array(iceServer).safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: "custom", message: result.error.issues.map((i) => i.message).join("; ") });
      return z.NEVER;
    }
    return result.data;
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    BACKEND: z
      .enum(["embedded", "firebase"], {
        errorMap: () => ({ message: 'must be "embedded" or "firebase"' }),
      })
      .default("embedded"),
    DATA_DIR: z.string().min(1).default("./data"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The address people use. Every link that leaves the app (mail, calendar feeds, Stripe) is built from it. */
    PUBLIC_URL: z.string().url("must be a URL such as https://skillswap.example").optional(),
    /**
     * Set when a proxy you run (Cloud Run, nginx) sits in front and rewrites X-Forwarded-For/-Host/-Proto.
     * Without it those headers come from whoever connects and are ignored.
     */
    TRUST_PROXY: booleanish,
    /** New accounts one client address may create per hour (welcome-bonus farming); raise it for a school or lab behind one address. */
    SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    PAYMENTS: z.enum(["stripe", "test", "off"]).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must start with pk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
    STRIPE_PRICE_100: z.string().optional(),
    STRIPE_PRICE_500: z.string().optional(),
    STRIPE_PRICE_1000: z.string().optional(),
    STRIPE_PRICE_3000: z.string().optional(),
    /** Stripe price ids of the Plus plan (decision 018): 9 EUR a month, 90 EUR a year. */
    STRIPE_PRICE_PLUS_MONTHLY: z.string().optional(),
    STRIPE_PRICE_PLUS_YEARLY: z.string().optional(),
    /** Lets tests point the Stripe client at a local stand-in: http://127.0.0.1:PORT */
    STRIPE_API_BASE: z.string().url().optional(),
    /** Embedded engine: send mail through this SMTP server (smtp://user:pass@host:587, smtps://…). Without it mail goes to the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be a URL such as smtp://user:password@mail.example:587")
      .optional(),
    /** The sender of outgoing mail; defaults to no-reply at PUBLIC_URL's host. */
    MAIL_FROM: z.string().min(3).optional(),
    // Firebase engine: the web app's public config (Firebase console → Project settings → Your apps).
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_API_KEY: z.string().min(1).optional(),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    FIREBASE_APP_ID: z.string().min(1).optional(),
    FIREBASE_STORAGE_BUCKET: z.string().min(1).optional(),
    /** Lifetime of the Firebase session cookie; Firebase accepts 5 minutes to 14 days. */
    SESSION_COOKIE_DAYS: z.coerce
      .number()
      .int("must be a whole number of days")
      .min(1)
      .max(14, "must be at most 14 (Firebase's limit)")
      .default(5),
    // Emulators (tests, local runs): the SDKs read these themselves; the browser is told them too.
    FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
    FIRESTORE_EMULATOR_HOST: z.string().min(1).optional(),
    /** Firebase mode: the shared secret a scheduler sends to POST /api/cron (X-Cron-Secret). */
    CRON_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The video call's STUN/TURN servers as JSON (README "Video calls"); STUN only by default. */
    ICE_SERVERS: iceServers,
    /** Decision 048: offer the pseudo-locale en-XA in production too (the e2e server sets it); always offered outside production. */
    PSEUDO_LOCALE: booleanish,
    /** Retention (decision 044): days a sent mail stays in the outbox (or Firebase's `mail` collection). */
    MAIL_RETENTION_DAYS: z.coerce.number().int("must be a whole number of days").min(1).max(3650).default(30),
    /** Retention (decision 044): days a read notification is kept. */
    NOTIFICATION_RETENTION_DAYS: z.coerce.number().int("must be a whole number of days").min(1).max(3650).default(180),
    /** Web push (decision 046): the VAPID key pair, base64url; generated and kept when both are unset. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key in base64url (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)")
      .optional(),
    /** Whom push services may contact about this sender; defaults to PUBLIC_URL when https:, else mailto:MAIL_FROM. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
      .optional(),
    /** Tests only: origins (comma-separated) of a local stand-in push service that push may reach. Refused in production. */
    PUSH_TEST_ORIGINS: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.BACKEND === "firebase") {
      const missing = FIREBASE_REQUIRED.filter((key) => !env[key]);
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["BACKEND"],
          message: `BACKEND=firebase needs ${missing.join(", ")} (see "Deploy on Cloud Run with Firebase" in README.md)`,
        });
      }
    }
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      // Without it a reset link would carry whatever Host the request claimed (finding 1 of issue 11).
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production (the address people use, such as https://skillswap.example)",
      });
    }
    if (env.NODE_ENV === "production" && env.BACKEND === "firebase" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "set both VAPID keys, or neither (then a pair is generated and kept)",
      });
    }
    if (env.PUSH_TEST_ORIGINS?.trim() && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_TEST_ORIGINS"],
        message: "lets push reach local addresses: for tests only, never in production",
      });
    }
    if (env.PAYMENTS === "test" && env.BACKEND === "firebase") {
      ctx.addIssue({ code: "custom", path: ["PAYMENTS"], message: "the test checkout can never run in Firebase mode" });
    }
    if (env.PAYMENTS === "test" && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message: "the test checkout cannot run while Stripe keys are set",
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of [
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PRICE_100",
        "STRIPE_PRICE_500",
        "STRIPE_PRICE_1000",
        "STRIPE_PRICE_3000",
        "STRIPE_PRICE_PLUS_MONTHLY",
        "STRIPE_PRICE_PLUS_YEARLY",
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required when STRIPE_SECRET_KEY is set" });
      }
    }
  });

/**
 * Every variable the schema reads. README.md's "Configuration" describes each, with its default
 * (tests/lint/readme-configuration.test.ts).
 */
export const ENV_VARIABLES = Object.keys(schema.innerType().shape);

export type ServerEnv = z.infer<typeof schema> & { SESSION_SECRET: string; DATA_DIR: string };

/** Parses an environment; throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new Error(`SkillSwap cannot start, the configuration is invalid:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Embedded mode keeps a generated secret in the data directory so that sessions survive
 * restarts without asking a newcomer to invent one.
 */
export function sessionSecretFor(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    // Several workers start at once on a fresh directory (decision 021): each writes its candidate
    // to a file of its own and links it into place, which only one can do; every worker then uses
    // the one that won, so a cookie signed by one worker is valid on all of them.
    const candidate = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(candidate, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(candidate);
    }
    return readFileSync(file, "utf8").trim();
  }
}

let cached: ServerEnv | undefined;

export function getServerEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = parseEnv(process.env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  cached = { ...parsed, DATA_DIR: dataDir, SESSION_SECRET: parsed.SESSION_SECRET ?? sessionSecretFor(dataDir) };
  return cached;
}

/** What the browser may know, and nothing else. Written to window.ENV by root.tsx. */
export function getPublicEnv() {
  const env = getServerEnv();
  return {
    BACKEND: env.BACKEND,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY ?? null,
    FIREBASE: env.BACKEND === "firebase" ? firebaseWebConfig(env) : null,
  };
}

/** The Firebase web config: public by design (security rules, not secrecy, guard the data). */
export function firebaseWebConfig(env: z.infer<typeof schema>) {
  return {
    apiKey: env.FIREBASE_API_KEY ?? "",
    authDomain: env.FIREBASE_AUTH_DOMAIN ?? "",
    projectId: env.FIREBASE_PROJECT_ID ?? "",
    appId: env.FIREBASE_APP_ID ?? "",
    storageBucket: env.FIREBASE_STORAGE_BUCKET ?? null,
    /** Set only when the server itself runs against emulators, so the browser does too. */
    emulators: {
      auth: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      firestore: env.FIRESTORE_EMULATOR_HOST ?? null,
    },
  };
}

export type FirebaseWebConfig = ReturnType<typeof firebaseWebConfig>;

export type PublicEnv = ReturnType<typeof getPublicEnv>;
