// The rule "user-visible texts live in contract/ and in message files", part of
// `npm run check:architecture` (docs/architecture.md, "The rules the layout holds").
// A Chinese text or an AU code written as a literal anywhere else is a second copy waiting to drift
// from the spec's words or from the server's catalogue, so the check reads every .ts / .tsx file of
// server/, widget/, portal/ and demo/ with TypeScript's compiler API (comments are not literals) and
// fails on each string literal, template part or JSX text that holds one, outside
//   - contract/ (not read: it is where shared texts belong),
//   - a message file of widget/, portal/ or demo/: `<name>.messages.ts`, the folder-per-view
//     convention (widget/sso-login/<view>/, portal/admin/<section>.messages.ts), or `messages.ts`,
//   - ALLOWED below, where every entry says why its texts are no one's shared words (CLI output,
//     start-up logs, seed and brand data, the developer's preview page).
// Each failure prints file:line, the rule's name and the text; the end says where texts go instead.
// Usage: node scripts/architecture/user-visible-texts.mjs [files or folders...] (default: the four rooms)
import './with-typescript-5.mjs';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ts = createRequire(import.meta.url)('typescript');
const root = fileURLToPath(new URL('../../', import.meta.url));

const ROOMS = ['server', 'widget', 'portal', 'demo'];

/**
 * A message file of the browser side: `messages.ts` (widget/core/), or `<name>.messages.ts`, one per
 * view folder (widget/sso-login/password/) or console section (portal/admin/). server/ has none: what
 * the server says a client sees, so it is contract/'s.
 */
const isMessageFile = (file) => !file.startsWith('server/') && /(^|\/|\.)messages\.tsx?$/.test(file);

/**
 * Texts that stay where they are, each with why. `texts`: fragments of the literals allowed (any
 * other text in the same file still fails); without `texts`, every text of the file.
 */
const ALLOWED = [
  // Server output no client sees (test/server/http/error-texts.test.ts keeps the same list for server/).
  { file: 'server/main.ts', texts: ['配置错误 / configuration error', '启动失败：无法连接'], why: 'start-up failures on the server\'s own stderr, before anything listens' },
  { file: 'server/console/first-start.ts', texts: ['尚未设置管理员 / No administrator yet'], why: 'the setup banner: a one-time link printed to the start log only' },
  { file: 'server/cli.ts', texts: ['用法 / usage'], why: 'the admin CLI\'s usage, on the operator\'s terminal' },
  { file: 'server/cli-password.ts', texts: ['再输入一次 / again', '两次输入的密码不一致 / the two passwords differ'], why: 'the admin CLI\'s password prompt, on the operator\'s terminal' },
  { file: 'server/oidc/oidc-cli.ts', texts: ['[--name <显示名>]'], why: 'CLI usage, on the operator\'s terminal' },
  { file: 'server/cas/protocol-cli.ts', texts: ['[--name <显示名>]'], why: 'CLI usage, on the operator\'s terminal' },
  { file: 'server/saml/saml-cli.ts', texts: ['[--name <显示名>]'], why: 'CLI usage, on the operator\'s terminal' },
  { file: 'server/seed/import.ts', texts: ['员工，正常登录', '首次登录须修改密码 (AU00154)', '密码已 40 天未修改 (AU00153)', '经销商，手机号 13800000001', '管理员，管理控制台 /admin'], why: 'seed data: the demo accounts\' notes, printed to the development start log' },
  { file: 'server/account/ip-place.ts', texts: ['内网IP', '保留', '中国'], why: 'values of ip2region\'s offline database the lookup compares with; it shows none of them' },
  // Brand data: what makes each of the six variants (spec section 1), words beside colours and artwork.
  { file: 'widget/brands/brand-copy.ts', why: 'brand data: each variant\'s title, subtitle and slogans beside its colours' },
  { file: 'widget/brands/logos.tsx', why: 'brand artwork: each mark\'s accessible name is drawn with the mark' },
  // The demo: the developer's preview page, documentation of the elements, not a page of the product.
  { file: 'demo/demo-data.ts', why: 'demo data: the demo accounts, brands and view links' },
  { file: 'demo/demo-states.ts', why: 'the preview page\'s descriptions of the states it opens (the states\' own texts come from contract/)' },
  { file: 'demo/demo-app.tsx', why: 'the preview page\'s own words' },
  { file: 'demo/demo-states-panel.tsx', why: 'the preview page\'s own words' },
  { file: 'demo/element-reference.tsx', why: 'the preview page\'s own words' },
  { file: 'demo/embed-snippets.tsx', why: 'the preview page\'s own words' },
  { file: 'demo/event-log.tsx', why: 'the preview page\'s own words' },
];

// Han ideographs (with extension A and compatibility forms), CJK punctuation (。「」、) and full-width forms (，：？).
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const AU_CODE = /AU\d{5}/;

const RULE = 'user-visible-texts-in-contract-or-messages';
const ELSEWHERE =
  'a text the server sends or both sides show goes in contract/ (errors.ts for AU codes and refusals, ' +
  'messages.ts, pages.ts, display-names.ts), a view\'s own text in its <view>.messages.ts beside it; ' +
  'an AU code the widget matches comes from contract/refusal-codes.ts';

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const relative = path.posix.join(entry, child.name);
    if (child.isDirectory()) return child.name === 'node_modules' ? [] : filesUnder(relative);
    return /\.tsx?$/.test(child.name) ? [relative] : [];
  });
}

/** The texts of one literal-like node, or null when the node carries no text of its own. */
function literalText(node) {
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TemplateHead:
    case ts.SyntaxKind.TemplateMiddle:
    case ts.SyntaxKind.TemplateTail:
    case ts.SyntaxKind.JsxText:
      return node.text;
    default:
      return null;
  }
}

function violationsIn(file) {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    const text = literalText(node);
    if (text !== null && (CJK.test(text) || AU_CODE.test(text))) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const entries = process.argv.length > 2 ? process.argv.slice(2) : ROOMS;
const files = entries.flatMap(filesUnder).filter((file) => !isMessageFile(file));
const allowedIn = new Map(ALLOWED.map((entry) => [entry.file, entry]));
const problems = [];
const usedFragments = new Set();

for (const file of files) {
  const allowed = allowedIn.get(file);
  for (const { line, text } of violationsIn(file)) {
    const fragment = allowed && (allowed.texts ? allowed.texts.find((part) => text.includes(part)) : '*');
    if (fragment) {
      usedFragments.add(`${file}\0${fragment}`);
      continue;
    }
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    problems.push(`${file}:${line} ${RULE}: "${shown}"`);
  }
}
// An allow-list entry that allows nothing any more goes, so that it cannot later let in a new text.
if (process.argv.length <= 2) {
  for (const { file, texts = ['*'] } of ALLOWED) {
    for (const fragment of texts) {
      if (!usedFragments.has(`${file}\0${fragment}`)) problems.push(`${file} ${RULE}: allow-list entry "${fragment}" matches no text; remove it`);
    }
  }
}

for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${RULE}: user-visible texts (Chinese, AU codes) live only in contract/ and message files.\n${ELSEWHERE}.`);
  process.exitCode = 1;
} else {
  console.log(`${RULE}: ${files.length} files checked, every user-visible text in contract/ or a message file`);
}
