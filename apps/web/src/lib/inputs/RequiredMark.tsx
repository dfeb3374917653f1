// The one way a required field is marked across the product (デジタル庁 pattern): a 「必須」 badge after the
// label, never on an option of a group. The input itself carries `required` / `aria-required`, which
// screen readers announce, so the badge is drawn as generated content with empty alternative text: it is
// neither read twice nor part of the label's text (a field is named 「氏」, not 「氏必須」).
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-required-mark={t('common.required')}
      sx={{
        '&::before': { content: 'attr(data-required-mark) / ""' },
        display: 'inline-block',
        ml: 1,
        px: 0.75,
        border: '1px solid',
        borderColor: 'error.dark',
        borderRadius: 0.5,
        color: 'error.dark',
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1.6,
        verticalAlign: 'middle',
      }}
    />
  );
}

/** A field's label, with the required mark when it is required. */
export function FieldLabel({ children, required }: { children: ReactNode; required: boolean }) {
  return (
    <>
      {children}
      {required ? <RequiredMark /> : null}
    </>
  );
}
