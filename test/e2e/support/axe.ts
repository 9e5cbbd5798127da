// axe-core injected through the DevTools protocol (page.evaluate), so the pages' strict CSP stays as
// it is: the violations as "rule: [targets]" lines, none expected.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  nodes: Array<{ target: unknown }>;
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${AXE_SOURCE};0`);
  const violations = (await page.evaluate(`axe.run(document).then((r) => r.violations)`)) as AxeViolation[];
  return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
