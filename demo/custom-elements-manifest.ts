// Reads the built custom-elements.json (npm run build:widget, served at /widget/) that the
// reference on the demo page is generated from: nothing about the elements is typed here by hand.

export const MANIFEST_URL = '/widget/custom-elements.json';

export interface ManifestEntry {
  name: string;
  description?: string;
  type?: { text: string };
  /** Attributes: the property the attribute sets. */
  fieldName?: string;
  default?: string;
}

export interface ElementReference {
  tagName: string;
  description: string;
  attributes: ManifestEntry[];
  events: ManifestEntry[];
  cssParts: ManifestEntry[];
  cssProperties: ManifestEntry[];
  slots: ManifestEntry[];
}

interface Manifest {
  modules?: Array<{ declarations?: Array<Partial<ElementReference> & { tagName?: string }> }>;
}

/** Every declared custom element of the manifest, in the manifest's order. */
export function elementsOf(manifest: Manifest): ElementReference[] {
  return (manifest.modules ?? [])
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => typeof declaration.tagName === 'string')
    .map((declaration) => ({
      tagName: declaration.tagName!,
      description: declaration.description ?? '',
      attributes: declaration.attributes ?? [],
      events: declaration.events ?? [],
      cssParts: declaration.cssParts ?? [],
      cssProperties: declaration.cssProperties ?? [],
      slots: declaration.slots ?? [],
    }));
}

export async function loadElementReference(): Promise<ElementReference[]> {
  const response = await fetch(MANIFEST_URL);
  if (!response.ok) throw new Error(`${MANIFEST_URL}: HTTP ${response.status}`);
  return elementsOf((await response.json()) as Manifest);
}
