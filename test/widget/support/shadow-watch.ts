// What a shadow root shows over time (part tokens, named slots), the custom properties its
// stylesheets use, and two input helpers: for checking the custom-elements manifest against the
// built elements (custom-elements-manifest.test.ts).

export const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every part token and named slot the shadow root shows at any moment while it is watched. */
export function watchShadow(root: ShadowRoot) {
  const parts = new Set<string>();
  const slots = new Set<string>();
  const scan = () => {
    for (const node of root.querySelectorAll('[part]')) {
      for (const token of (node.getAttribute('part') ?? '').split(/\s+/)) if (token) parts.add(token);
    }
    for (const slot of root.querySelectorAll<HTMLSlotElement>('slot[name]')) slots.add(slot.name);
  };
  const observer = new MutationObserver(scan);
  observer.observe(root, { subtree: true, childList: true, attributes: true });
  scan();
  return { parts, slots, stop: () => observer.disconnect() };
}

/** The --sso-* custom properties the element's adopted stylesheets declare or read. */
export function customPropertiesOf(root: ShadowRoot): string[] {
  const text = root.adoptedStyleSheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)).join('\n');
  return sorted(text.match(/--sso-[a-z0-9-]+/g) ?? []);
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((button) => button.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

export function typeInto(input: HTMLInputElement, value: string): void {
  // React tracks the value it last rendered; the native setter plus an input event is what typing does.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
