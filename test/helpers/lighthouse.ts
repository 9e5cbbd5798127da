// One Lighthouse run of one page in an already launched Chromium (chrome-launcher gives the port),
// reduced to what the checks read: each category's score and the titles of the audits that cost it
// points. Shared by the e2e check (test/e2e/lighthouse.test.ts: accessibility, best practices, SEO)
// and the bench (bench/lighthouse-bench.ts: performance).
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium.mjs';

/**
 * The shared flags (test/helpers/chromium.mjs) with the new headless mode, which Lighthouse needs
 * to load pages as a windowed Chromium would (the old mode lacks parts it audits).
 */
export const LIGHTHOUSE_CHROME_FLAGS: readonly string[] = [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'];

export interface CategoryResult {
  id: string;
  /** 0..1 */
  score: number;
  /** Titles of the scored audits in this category that did not pass (with their score). */
  failing: string[];
}

export interface PageResult {
  /** Where the page ended after redirects. */
  finalUrl: string;
  categories: CategoryResult[];
}

export interface RunOptions {
  /** Keep the origin's cookies and storage (a signed-in page); Lighthouse clears them by default. */
  keepStorage?: boolean;
}

export async function runLighthouse(url: string, port: number, categories: string[], options: RunOptions = {}): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableStorageReset: options.keepStorage ?? false,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    categories: categories.map((id) => {
      const category = lhr.categories[id];
      if (!category) throw new Error(`Lighthouse has no category ${id}`);
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.title} (${audit.id} ${audit.score})`);
      return { id, score: category.score ?? 0, failing };
    }),
  };
}
