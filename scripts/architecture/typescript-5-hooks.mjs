// ESM resolve hook: dependency-cruiser asks for "typescript" and accepts < 7 (it uses the compiler
// API, which the native TypeScript 7 the project type-checks with has not got), so it gets
// the "typescript-5" alias from package.json.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'typescript' || specifier.startsWith('typescript/')) {
    return nextResolve(specifier.replace(/^typescript/, 'typescript-5'), context);
  }
  return nextResolve(specifier, context);
}
