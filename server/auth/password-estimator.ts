// zxcvbn with the common-password, name and word lists of @zxcvbn-ts/language-common and -en: the
// module password-policy.ts loads with import() on the first check (the dictionaries are large).
// The packages are imported statically here, not each with import() there: the compiled server
// bundles their CommonJS builds, and a CommonJS package loaded with import() from a chunk of its
// own keeps only its default export (ZxcvbnFactory was then undefined: every password check of
// `npm start` answered 500).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export function createEstimator(): ZxcvbnFactory {
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
}
