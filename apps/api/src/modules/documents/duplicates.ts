// Duplicate detection (decision 0021): documents of one procedure whose applicant and subject (the child,
// where the form asks for one) are the same person by name and birth date carry the same key; two open
// documents with one key are flagged to staff as possible duplicates of each other.
import { createHash } from 'node:crypto';
import type { DocumentStatus } from '@portal/contracts';

/** Statuses in which a document is still being handled: a duplicate among them is worth a look. */
export const DUPLICATE_STATUSES: readonly DocumentStatus[] = [
  'received',
  'in_progress',
  'remanded',
  'resubmitted',
];

/** The standard items naming the application's subject (the child); repeated children each count. */
const SUBJECT = { last: 'child_last_name', first: 'child_first_name', birth: 'child_birth_date' } as const;
const APPLICANT = {
  last: 'applicant_last_name',
  first: 'applicant_first_name',
  birth: 'applicant_birth_date',
} as const;

type Answer = { standard_item_code: string; sequence?: number; value: unknown };

/** A name or date as people write it either way: widths unified, spaces gone, kana cases kept. */
const normal = (v: unknown) => (typeof v === 'string' ? v.normalize('NFKC').replace(/\s+/gu, '') : '');

/**
 * The key of an application's answers, or null when no birth date is given (a name alone matches too
 * many people to flag). `applicantName` is the document's name, used when the form asks none itself.
 */
export function duplicateKey(answers: readonly Answer[], applicantName: string): string | null {
  const at = (code: string, sequence = 1) =>
    normal(answers.find((a) => a.standard_item_code === code && (a.sequence ?? 1) === sequence)?.value);
  const applicant = {
    name: at(APPLICANT.last) + at(APPLICANT.first) || normal(applicantName),
    birth: at(APPLICANT.birth),
  };
  const sequences = [
    ...new Set(
      answers
        .filter((a) => Object.values(SUBJECT).includes(a.standard_item_code as never))
        .map((a) => a.sequence ?? 1),
    ),
  ];
  // Children in any order are the same children.
  const subjects = sequences
    .map((s) => `${at(SUBJECT.last, s)}${at(SUBJECT.first, s)}/${at(SUBJECT.birth, s)}`)
    .filter((s) => s !== '/')
    .sort();
  const births = [applicant.birth, ...subjects.map((s) => s.split('/')[1])].filter(Boolean);
  if (!applicant.name || births.length === 0) return null;
  const text = [applicant.name, applicant.birth, ...subjects].join('\u001f');
  // Hashed: the index holds no personal data, and every key has one length.
  return createHash('sha256').update(text).digest('base64url');
}
