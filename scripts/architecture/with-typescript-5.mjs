// Makes "typescript" mean the "typescript-5" alias (TypeScript 5.9, which has the compiler API) for
// what runs after it in this process: dependency-cruiser's parser and our text and sleep rules.
// The project itself type-checks with TypeScript 7 (native, no JS API), which keeps the name.
import Module, { register } from 'node:module';

register('./typescript-5-hooks.mjs', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const aliased = request === 'typescript' || request.startsWith('typescript/') ? request.replace(/^typescript/, 'typescript-5') : request;
  return resolveFilename.call(this, aliased, ...rest);
};
