import { describe, expect, it } from "vitest";
import { firebaseWebConfig, parseEnv } from "./env.server";

const firebaseSettings = {
  FIREBASE_PROJECT_ID: "skillswap-prod",
  FIREBASE_API_KEY: "AIzaSyExample",
  FIREBASE_AUTH_DOMAIN: "skillswap-prod.firebaseapp.com",
  FIREBASE_APP_ID: "1:123:web:abc",
};

describe("parseEnv", () => {
  it("starts the embedded engine with nothing set", () => {
    const env = parseEnv({});
    expect(env.BACKEND).toBe("embedded");
    expect(env.SESSION_COOKIE_DAYS).toBe(5);
  });

  it("takes the call's ICE servers as JSON: STUN by default, TURN only with credentials", () => {
    expect(parseEnv({}).ICE_SERVERS).toEqual([{ urls: "stun:stun.l.google.com:19302" }]);
    const turn = [
      { urls: "stun:stun.example.com:3478" },
      {
        urls: ["turn:turn.example.com:3478?transport=udp", "turns:turn.example.com:5349"],
        username: "u",
        credential: "p",
      },
    ];
    expect(parseEnv({ ICE_SERVERS: JSON.stringify(turn) }).ICE_SERVERS).toEqual(turn);
    expect(parseEnv({ ICE_SERVERS: "[]" }).ICE_SERVERS).toEqual([]);
    expect(() => parseEnv({ ICE_SERVERS: "stun:stun.example.com" })).toThrow("ICE_SERVERS: must be JSON");
    expect(() => parseEnv({ ICE_SERVERS: '[{"urls":"turn:turn.example.com"}]' })).toThrow(
      'the TURN server "turn:turn.example.com" needs a username and a credential',
    );
    expect(() => parseEnv({ ICE_SERVERS: '[{"urls":"https://turn.example.com"}]' })).toThrow(
      "is not a stun:, stuns:, turn: or turns: URL",
    );
  });

  it("requires PUBLIC_URL in production: links that leave the app never take the request's Host (issue 11, finding 1)", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow("PUBLIC_URL: is required in production");
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://skillswap.example" }).PUBLIC_URL).toBe(
      "https://skillswap.example",
    );
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
  });

  it("names every missing Firebase setting in one message", () => {
    let message = "";
    try {
      parseEnv({ BACKEND: "firebase", FIREBASE_PROJECT_ID: "skillswap-prod" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SkillSwap cannot start");
    expect(message.split("\n").filter((line) => line.includes("BACKEND=firebase needs"))).toHaveLength(1);
    for (const key of ["FIREBASE_API_KEY", "FIREBASE_AUTH_DOMAIN", "FIREBASE_APP_ID"]) expect(message).toContain(key);
    // Presence is on Firestore (decision 034): no Realtime Database URL is asked for.
    expect(message).not.toContain("FIREBASE_PROJECT_ID");
    expect(message).not.toContain("DATABASE");
  });

  it("accepts a complete Firebase configuration", () => {
    const env = parseEnv({ BACKEND: "firebase", ...firebaseSettings, SESSION_COOKIE_DAYS: "7" });
    expect(env.SESSION_COOKIE_DAYS).toBe(7);
  });

  it("refuses a session cookie lifetime Firebase would refuse", () => {
    expect(() => parseEnv({ BACKEND: "firebase", ...firebaseSettings, SESSION_COOKIE_DAYS: "30" })).toThrow(
      /SESSION_COOKIE_DAYS: must be at most 14/,
    );
  });

  it("requires the plan prices with the pack prices once Stripe is switched on (decision 018)", () => {
    const packs = {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_100: "p1",
      STRIPE_PRICE_500: "p2",
      STRIPE_PRICE_1000: "p3",
      STRIPE_PRICE_3000: "p4",
    };
    expect(() => parseEnv(packs)).toThrow(
      /STRIPE_PRICE_PLUS_MONTHLY: is required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_PLUS_YEARLY: is required/,
    );
    expect(
      parseEnv({ ...packs, STRIPE_PRICE_PLUS_MONTHLY: "p5", STRIPE_PRICE_PLUS_YEARLY: "p6" }).STRIPE_PRICE_PLUS_YEARLY,
    ).toBe("p6");
  });

  it("still refuses the test checkout in Firebase mode", () => {
    expect(() => parseEnv({ BACKEND: "firebase", ...firebaseSettings, PAYMENTS: "test" })).toThrow(
      /PAYMENTS: the test checkout can never run/,
    );
  });
});

describe("firebaseWebConfig", () => {
  it("gives the browser the public config and the emulators the server uses, nothing secret", () => {
    const env = parseEnv({
      BACKEND: "firebase",
      ...firebaseSettings,
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      STRIPE_SECRET_KEY: "sk_test_secret",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_100: "p1",
      STRIPE_PRICE_500: "p2",
      STRIPE_PRICE_1000: "p3",
      STRIPE_PRICE_3000: "p4",
      STRIPE_PRICE_PLUS_MONTHLY: "p5",
      STRIPE_PRICE_PLUS_YEARLY: "p6",
      SESSION_SECRET: "s".repeat(40),
    });
    const config = firebaseWebConfig(env);
    expect(config).toMatchObject({
      apiKey: "AIzaSyExample",
      projectId: "skillswap-prod",
      emulators: { auth: "127.0.0.1:9099", firestore: null },
    });
    expect(JSON.stringify(config)).not.toMatch(/sk_test|whsec|ssss/);
  });
});
