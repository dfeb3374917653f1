// The words of a source note and of a mismatch with a verified source, in the page's language.
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ItemState, Mismatch, NoteSource } from './sources';

/** 「マイナンバーカードから入力しました」 for a source, undefined for none. */
export function sourceText(t: TFunction, source: NoteSource | null): string | undefined {
  return source ? t(`prefill.source.${source}` as 'prefill.source.identity') : undefined;
}

/**
 * The note of an item the procedure requires to be as a verified source holds it (shown read-only), else
 * its source note.
 */
export function fieldNote(t: TFunction, state: ItemState | undefined, source: NoteSource | null) {
  if (state?.locked) {
    const from = state.verified_source;
    return t(`prefill.locked.${from === 'registry' || from === 'mynaportal' ? from : 'identity'}` as const);
  }
  return sourceText(t, source);
}

/** 「マイナンバーカードの情報と異なります（カードの情報：…）。」 with the source's value as read back. */
export function mismatchText(t: TFunction, mismatch: Mismatch, value: string): string {
  const kind = mismatch.source === null || mismatch.source === 'answer' ? 'other' : mismatch.source;
  return t(`prefill.mismatch.${kind}` as 'prefill.mismatch.identity', { value });
}

/** A source note where no field is (the review): small text under the value. */
export function SourceNote({ source, code }: { source: NoteSource | null; code: string }) {
  const { t } = useTranslation();
  const text = sourceText(t, source);
  if (!text) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      data-testid={`source-${code}`}
      sx={{ display: 'block' }}
    >
      {text}
    </Typography>
  );
}
