// Search for the application centre: a card matches when every word of the query appears in its
// name or description, ignoring case and full-width/half-width differences (NFKC), so "ＣＲＭ"
// finds "CRM" and "售后 工单" finds an app whose name has 售后 and whose description has 工单.
import type { AppEntry } from './app-center-types.ts';

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

export function filterApps(apps: readonly AppEntry[], query: string): AppEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...apps];
  return apps.filter((app) => {
    const haystack = fold(`${app.name}\n${app.intro ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
