/**
 * The values of the dashboard's "greeting" message (locales/<language>/dashboard.json). Whether there
 * is a name is its own argument: the name itself is never a selector, so a member called "None" or
 * "other" is greeted by name.
 */
export function greetingValues(firstName: string, firstVisit: boolean) {
  return { firstVisit: firstVisit ? "yes" : "no", hasName: firstName ? "yes" : "no", name: firstName };
}
