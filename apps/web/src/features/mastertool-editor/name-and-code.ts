// A name and its code where nothing can be styled (a native <option>, the text of an input): 「name · code」
// (decision 0056's addendum); where it can, NameAndCode shows the code as a caption instead.
import type { TFunction } from 'i18next';

/** 「name · code」, or the code alone when there is no name (an unknown code). */
export function nameAndCode(t: TFunction, name: string, code: string): string {
  return name === '' || name === code ? code : t('mastertool.pickers.nameCode', { name, code });
}
