// The rule "no fixed sleep of 200 ms or more in tests" (issue 32), run by `npm run check:architecture`.
// A fixed sleep is the hidden cost of a slow CI and a flaky one: it waits too long on a quiet machine
// and too little on a busy one. A test waits for the event instead, or moves a clock.
//
// It reads the test files with TypeScript 5's compiler API (the `typescript-5` alias; the project's
// TypeScript 7 has none) and reports, as file:line, each of these whose delay is a number it can work
// out (a literal, or a constant of this or an imported file, with + - * /) of 200 ms or more:
//   - `new Promise((resolve) => setTimeout(resolve, ms))` (a timer that resolves, not one that rejects:
//     a deadline is no sleep);
//   - `setTimeout(ms)` of node:timers/promises, under any local name (`import { setTimeout as sleep }`);
//   - `page.waitForTimeout(ms)`;
//   - a call of a helper made of one of these with the delay as its parameter (`pause(250)`), in the
//     same file or imported from another one it checks.
// A sleep raced against another promise (`Promise.race([exited, sleep])`) is a deadline and passes.
// A sleep that IS the behaviour under test says so at the call: `// fixed-sleep-allowed: <why>` on its
// line or the line above. Keep those few.
//
// Usage: node scripts/architecture/no-fixed-sleep.mjs <directories or files...>
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript-5';

const RULE = 'no-fixed-sleep-in-tests';
const LIMIT_MS = 200;
const ALLOW_MARK = 'fixed-sleep-allowed:';
const ADVICE =
  'wait for the event (a promise of the server\'s log line, waitUntil / waitUntilAsync from ' +
  'test/helpers on the state, page.waitForFunction, a store\'s change), or move the test clock ' +
  '(an injected clock\'s advance(), spawnServer\'s clockStepMs and advanceClock()); a sleep that is the ' +
  `behaviour under test says so at the call with "// ${ALLOW_MARK} <why>"`;

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error('usage: node scripts/architecture/no-fixed-sleep.mjs <directories or files...>');
  process.exit(2);
}
const files = roots.flatMap((root) => listSourceFiles(path.resolve(root)));
const parsed = new Map();
const helperCache = new Map();

const findings = files.flatMap((file) => findFixedSleeps(file));
for (const { file, line, what, ms } of findings) {
  console.error(`${path.relative(process.cwd(), file)}:${line}  ${RULE}: ${what} waits a fixed ${ms} ms (>= ${LIMIT_MS}): wait for the event or move a clock.`);
}
if (findings.length > 0) {
  console.error(`\n${RULE}: ${findings.length} fixed sleep(s) of ${LIMIT_MS} ms or more. Instead, ${ADVICE}. (docs/architecture.md, "The rules the layout holds")`);
  process.exit(1);
}
console.log(`${RULE}: no fixed sleep of ${LIMIT_MS} ms or more in ${files.length} test files.`);

function listSourceFiles(target) {
  if (fs.statSync(target).isFile()) return [target];
  return fs.readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?[jt]sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.d.mts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function parse(file) {
  if (!parsed.has(file)) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    parsed.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  return parsed.get(file);
}

/** Each sleep of LIMIT_MS or more in the file, direct or through a sleep helper. */
function findFixedSleeps(file) {
  const source = parse(file);
  const helpers = sleepHelpersIn(file);
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const sleep = asSleep(node, source, helpers);
      if (sleep && !isRacedDeadline(node) && !isAllowed(node, source)) {
        const ms = evaluate(sleep.delay, source, new Set());
        if (ms !== undefined && ms >= LIMIT_MS) {
          found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what: sleep.what, ms });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The call's delay expression and a name for it, when the call is a sleep; otherwise undefined. */
function asSleep(call, source, helpers) {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'waitForTimeout') {
    return { what: `${callee.getText(source)}()`, delay: call.arguments[0] };
  }
  if (!ts.isIdentifier(callee)) return undefined;
  const name = callee.text;
  if (name === 'setTimeout' && resolvesItsPromise(call)) return { what: 'a setTimeout that resolves a promise', delay: call.arguments[1] };
  const timersName = promiseTimerImports(source).get(name);
  if (timersName) return { what: `${name}() of node:timers/promises`, delay: call.arguments[0] };
  const helper = helpers.get(name);
  if (helper !== undefined) return { what: `the sleep helper ${name}()`, delay: call.arguments[helper] };
  return undefined;
}

/** setTimeout(resolve, ms) or setTimeout(() => resolve(), ms) inside `new Promise((resolve) => ...)`. */
function resolvesItsPromise(call) {
  const callback = call.arguments[0];
  if (!callback) return false;
  const resolveName = enclosingPromiseResolveName(call);
  if (!resolveName) return false;
  if (ts.isIdentifier(callback)) return callback.text === resolveName;
  if (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) {
    const body = ts.isBlock(callback.body) && callback.body.statements.length === 1 && ts.isExpressionStatement(callback.body.statements[0])
      ? callback.body.statements[0].expression
      : callback.body;
    return ts.isCallExpression(body) && ts.isIdentifier(body.expression) && body.expression.text === resolveName;
  }
  return false;
}

function enclosingPromiseResolveName(node) {
  for (let at = node.parent; at; at = at.parent) {
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isNewExpression(at.parent) &&
        ts.isIdentifier(at.parent.expression) && at.parent.expression.text === 'Promise') {
      const first = at.parameters[0];
      return first && ts.isIdentifier(first.name) ? first.name.text : undefined;
    }
  }
  return undefined;
}

/** The local names node:timers/promises' setTimeout is imported under. */
function promiseTimerImports(source) {
  const names = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !/^(node:)?timers\/promises$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === 'setTimeout') names.set(element.name.text, 'setTimeout');
    }
  }
  return names;
}

/** A sleep that is one of Promise.race's contenders is a deadline on the others, not a sleep. */
function isRacedDeadline(call) {
  for (let at = call.parent; at && !ts.isBlock(at) && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression) &&
        at.expression.getText() === 'Promise.race') return true;
  }
  return false;
}

function isAllowed(node, source) {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes(ALLOW_MARK));
}

/**
 * Functions in the file (declared, or arrow / function expressions bound to a const) whose body is a
 * sleep with one of their parameters as the delay, and those imported from another file: name ->
 * the index of the delay parameter.
 */
function sleepHelpersIn(file) {
  if (helperCache.has(file)) return helperCache.get(file);
  const helpers = new Map();
  helperCache.set(file, helpers);
  const source = parse(file);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && statement.moduleSpecifier.text.startsWith('.')) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const imported = sleepHelpersIn(path.resolve(path.dirname(file), statement.moduleSpecifier.text));
      for (const element of bindings.elements) {
        const index = imported.get((element.propertyName ?? element.name).text);
        if (index !== undefined) helpers.set(element.name.text, index);
      }
    }
  }
  const localFunctions = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) localFunctions.push([statement.name.text, statement]);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          localFunctions.push([declaration.name.text, init]);
        }
      }
    }
  }
  for (const [name, fn] of localFunctions) {
    const index = sleepParameterIndex(fn, source, helpers);
    if (index !== undefined) helpers.set(name, index);
  }
  return helpers;
}

/** The index of the parameter a function sleeps for, when its body sleeps for one of its parameters. */
function sleepParameterIndex(fn, source, helpers) {
  const parameters = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : undefined));
  let index;
  const visit = (node) => {
    if (index !== undefined) return;
    if (ts.isCallExpression(node) && !isRacedDeadline(node)) {
      const sleep = asSleep(node, source, helpers);
      const delay = sleep?.delay;
      if (delay && ts.isIdentifier(delay) && parameters.includes(delay.text)) index = parameters.indexOf(delay.text);
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return index;
}

/** The number an expression comes to, when it is made of literals and constants; otherwise undefined. */
function evaluate(expression, source, seen) {
  if (!expression) return undefined;
  if (ts.isNumericLiteral(expression)) return Number(expression.text.replaceAll('_', ''));
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) return evaluate(expression.expression, source, seen);
  if (ts.isBinaryExpression(expression)) {
    const left = evaluate(expression.left, source, seen);
    const right = evaluate(expression.right, source, seen);
    if (left === undefined || right === undefined) return undefined;
    switch (expression.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken: return left + right;
      case ts.SyntaxKind.MinusToken: return left - right;
      case ts.SyntaxKind.AsteriskToken: return left * right;
      case ts.SyntaxKind.SlashToken: return left / right;
      default: return undefined;
    }
  }
  if (ts.isIdentifier(expression)) return constantValue(expression.text, source, seen);
  return undefined;
}

/** A top-level `const NAME = <number expression>` of the file, or of the relative import it comes from. */
function constantValue(name, source, seen) {
  const key = `${source.fileName}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return evaluate(declaration.initializer, source, seen);
      }
    }
    if (ts.isImportDeclaration(statement) && statement.moduleSpecifier.text.startsWith('.')) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((candidate) => candidate.name.text === name);
      if (element) {
        const target = parse(path.resolve(path.dirname(source.fileName), statement.moduleSpecifier.text));
        return constantValue((element.propertyName ?? element.name).text, target, seen);
      }
    }
  }
  return undefined;
}
