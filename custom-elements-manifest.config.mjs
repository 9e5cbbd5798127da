// @custom-elements-manifest/analyzer (run by `npm run build:widget`): reads the JSDoc of the element
// declarations into dist/widget/custom-elements.json. The elements are made by r2wc at run time, so
// the analyzer reads documented declarations instead (widget/*/[name].element.ts, extending
// widget/core/widget-element.ts), and the plugin below points the manifest at the built script.
const BUILT_MODULE = 'sso-widget.js';

/** Every declaration lives in the one built module; tags are defined there by the widget itself. */
function describeBuiltModule() {
  return {
    name: 'sso-widget-built-module',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((module) => module.declarations ?? []);
      for (const declaration of declarations) {
        for (const kind of ['attributes', 'members', 'events', 'cssParts', 'cssProperties', 'slots']) {
          for (const item of declaration[kind] ?? []) {
            if (item.inheritedFrom) item.inheritedFrom = { name: item.inheritedFrom.name, module: BUILT_MODULE };
          }
        }
        if (declaration.superclass?.module) declaration.superclass = { name: declaration.superclass.name, module: BUILT_MODULE };
        // The shared base extends HTMLElement but is no element of its own (no tag).
        if (!declaration.tagName) delete declaration.customElement;
      }
      const elements = declarations.filter((declaration) => declaration.tagName);
      if (!customElementsManifest.readme) delete customElementsManifest.readme;
      customElementsManifest.modules = [
        {
          kind: 'javascript-module',
          path: BUILT_MODULE,
          declarations,
          exports: elements.map((element) => ({
            kind: 'custom-element-definition',
            name: element.tagName,
            declaration: { name: element.name, module: BUILT_MODULE },
          })),
        },
      ];
    },
  };
}

export default {
  globs: ['widget/core/widget-element.ts', 'widget/*/*.element.ts'],
  outdir: 'dist/widget',
  packagejson: false,
  plugins: [describeBuiltModule()],
};
