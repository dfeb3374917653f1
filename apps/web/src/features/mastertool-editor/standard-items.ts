// The group's standard items as the editor changes them: a copy picked from the library, a new item with
// a code proposed from its name, a type change that drops what the new type cannot use, and where an item is used.
import { StandardItemType, type StandardItem } from '@portal/contracts';
import { itemReferences } from '@portal/rules';
import { followName, proposeCode } from './code-proposal';
import { categoriesOf, setEnglish, type Config } from './editor-state';

/** The item types in the order the editor offers them (the contract's). */
export const ITEM_TYPES = StandardItemType.options;

/** Types whose answer is one of the item's choices. */
export const hasChoices = (type: StandardItemType) =>
  type === 'select' || type === 'radio' || type === 'checkbox';

/** Types typed as text: lengths and a pattern apply. */
export const hasLength = (type: StandardItemType) => !hasChoices(type) && type !== 'date' && type !== 'time';

/** Codes a new code of item `index` must not take: the group's other items and the whole library's. */
export function takenItemCodes(
  config: Config,
  library: readonly Pick<StandardItem, 'code'>[],
  index = -1,
): Set<string> {
  return new Set([
    ...config.standard_items.flatMap((i, j) => (j === index ? [] : [i.code])),
    ...library.map((i) => i.code),
  ]);
}

/** A new item: a text field with the code proposed for its name (decision 0055), free in group and library. */
export function newItem(
  config: Config,
  name: string,
  library: readonly Pick<StandardItem, 'code'>[] = [],
): StandardItem {
  return {
    code: proposeCode({ name }, 'item', takenItemCodes(config, library)),
    name,
    type: 'text',
    required: false,
    min_length: null,
    max_length: null,
    pattern: null,
    choices: [],
    reading_of: null,
    suffix: null,
    remarks: null,
  };
}

/** Library items the group does not have yet, by code. */
export function notInGroup(library: readonly StandardItem[], config: Config): StandardItem[] {
  const have = new Set(config.standard_items.map((i) => i.code));
  return library.filter((i) => !have.has(i.code)).sort((a, b) => a.code.localeCompare(b.code));
}

/** Adds a copy of a library item (and the item it is the reading of, when the group lacks it). */
export function addFromLibrary(config: Config, library: readonly StandardItem[], code: string): void {
  const item = library.find((i) => i.code === code);
  if (!item || config.standard_items.some((i) => i.code === code)) return;
  config.standard_items.push(structuredClone(item));
  if (item.reading_of) addFromLibrary(config, library, item.reading_of);
}

/** Changes the type; choices stay only on a choice type, lengths and pattern on a typed one. */
export function setType(item: StandardItem, type: StandardItemType): void {
  item.type = type;
  if (!hasChoices(type)) item.choices = [];
  if (!hasLength(type)) {
    item.min_length = null;
    item.max_length = null;
    item.pattern = null;
  }
  if (type !== 'kana') item.reading_of = null;
}

/** Renames item `index` (its label or the English of it); a code still as proposed follows the name. */
export function renameItem(
  config: Config,
  library: readonly Pick<StandardItem, 'code'>[],
  index: number,
  change: { name: string } | { english: string },
): void {
  const item = config.standard_items[index];
  if (!item) return;
  const before = { name: item.name, english: item.en?.name };
  if ('name' in change) item.name = change.name;
  else setEnglish(item, 'name', change.english);
  const after = { name: item.name, english: item.en?.name };
  const code = followName(item.code, before, after, 'item', takenItemCodes(config, library, index));
  if (code !== item.code) setCode(config, index, code);
}

/**
 * Changes item `index`'s code and every reference to it (`itemReferences`: procedures and their rules,
 * questions and view formulas, reports, readings, the concierge set's rules). While the old or new code is also another item's, references stay as they are: they may
 * be that item's (the save's check names any left pointing nowhere).
 */
export function setCode(config: Config, index: number, to: string): void {
  const item = config.standard_items[index];
  if (!item) return;
  const from = item.code;
  item.code = to;
  const shared = config.standard_items.some(
    (other, i) => i !== index && (other.code === from || other.code === to),
  );
  if (shared || from === to) return;
  for (const ref of itemReferences(config)) if (ref.code === from) ref.rename(to);
}

const concierges = (config: Config) =>
  categoriesOf(config).flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges));

/** The names of the procedures and questions that use an item (shown before it is removed). */
export function usesOf(config: Config, code: string): { procedures: string[]; questions: string[] } {
  return {
    procedures: config.disclosure.procedures
      .filter((p) => p.procedure_fragments.some((f) => f.standard_item_code === code))
      .map((p) => p.name),
    questions: concierges(config)
      .filter((q) => q.standard_item_code.includes(code))
      .map((q) => q.name),
  };
}

/** The item a path is inside (`standard_items[3]`), for opening its panel; null when none. */
export function itemPathOf(path: string): string | null {
  return /^(standard_items\[\d+\])/.exec(path)?.[1] ?? null;
}
