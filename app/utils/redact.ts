/**
 * For the server's own log lines, which carry no e-mail addresses (issue 32, decision 044): text
 * from elsewhere (an SMTP server's answer names the recipient it refused) loses them.
 */
const EMAIL = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[A-Za-z]{2,}/g;

export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL, "[address]");
}
