import { createContext, useContext } from "react";

/**
 * The per-response nonce that lets Remix's inline scripts run under the Content-Security-Policy.
 * Set on the server only: browsers hide a nonce from the page once it is parsed.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
