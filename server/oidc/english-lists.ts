// oidc-provider builds two Intl.ListFormat('en') objects when its module is first evaluated
// (lib/helpers/formatters.js: "a, b, or c" in its error descriptions). They are the only use of
// ICU in the whole server, and the first use of ICU maps its data: 6.7 MB more resident memory
// for two English list patterns (measured: +6.8 MB for the two objects in a fresh node, +0.1 MB
// in one that had already used Intl; docs/performance.md, "Memory: the heap snapshot's retainers").
// So while oidc-provider's modules are evaluated, Intl.ListFormat is this plain English one, which
// gives the same text for the two patterns oidc-provider asks for; the real one is put back
// straight after, for anything else that may ask for it later.

type ListType = 'conjunction' | 'disjunction' | 'unit';

/** The English patterns of Intl.ListFormat('en', { type }) for conjunction and disjunction, long style. */
export class EnglishListFormat {
  private readonly word: string;
  constructor(locales?: string | string[], options: { type?: ListType; style?: string } = {}) {
    const locale = Array.isArray(locales) ? locales[0] : locales;
    const type = options.type ?? 'conjunction';
    if ((locale !== undefined && locale !== 'en') || (type !== 'conjunction' && type !== 'disjunction') || (options.style ?? 'long') !== 'long') {
      throw new RangeError(`EnglishListFormat: only 'en' conjunction and disjunction lists (asked ${String(locale)} ${type})`);
    }
    this.word = type === 'conjunction' ? 'and' : 'or';
  }

  format(list: Iterable<string>): string {
    const items = [...list].map(String);
    if (items.length <= 1) return items.join('');
    if (items.length === 2) return `${items[0]} ${this.word} ${items[1]}`;
    return `${items.slice(0, -1).join(', ')}, ${this.word} ${items.at(-1)}`;
  }
}

/** Runs `load` (an import of oidc-provider's modules) with Intl.ListFormat standing in as above. */
export async function withEnglishLists<T>(load: () => Promise<T>): Promise<T> {
  const intl = Intl as unknown as { ListFormat: unknown };
  const real = intl.ListFormat;
  intl.ListFormat = EnglishListFormat;
  try {
    return await load();
  } finally {
    intl.ListFormat = real;
  }
}
