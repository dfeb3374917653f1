// An inline form of the assistant (FO concierge): a fieldset of standard items under the question, the
// "same as ..." button where a copy would change something, each item drawn by the one field of its type
// (lib/items) in the inline layout, a postal code filling the address the same question asks, a bank or
// branch code found by name where the question asks its name too.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Concierge, StandardItem } from '@portal/contracts';
import { copyOffered } from '@portal/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import type { FormDefinition } from '../../lib/items/form-types';
import { BankLookup } from '../../lib/items/BankLookup';
import { addressItemFor, bankPairFor } from '../../lib/items/item-inputs';
import { fieldNote } from '../../lib/items/SourceNote';
import { sourceNote, type ItemState } from '../../lib/items/sources';
import { StandardItemField } from '../../lib/items/StandardItemField';
import { copyPairs, plainItem, type Items } from './assistant';

export function InlineFormQuestion({
  concierge,
  catalog,
  copies,
  items,
  savedItems,
  states,
  errors,
  copied,
  why,
  onItem,
  onCopy,
}: {
  concierge: Concierge;
  catalog: ReadonlyMap<string, StandardItem>;
  copies: FormDefinition['copies'];
  items: Items;
  savedItems: Items;
  states: ReadonlyMap<string, ItemState>;
  errors: Record<string, string>;
  /** The concierges whose "same as ..." was pressed (the button stays). */
  copied: readonly number[];
  why: ReactNode;
  onItem: (code: string, value: string | string[]) => void;
  onCopy: (concierge: Concierge) => void;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const codes = new Set(concierge.standard_item_code);
  const text = (code: string) => (typeof items[code] === 'string' ? (items[code] as string) : '');
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      data-concierge={concierge.id}
      sx={{ p: { xs: 2, sm: 3 }, m: 0, minWidth: 0 }}
      aria-describedby={concierge.remarks ? `fo-${concierge.id}-remarks` : undefined}
    >
      {/* Floated: the legend sits inside the box instead of across its border. */}
      <Typography component="legend" sx={{ fontWeight: 700, float: 'left', width: '100%', p: 0, mb: 1 }}>
        <Localized text={loc.field(concierge, concierge.question.trim() ? 'question' : 'name')} />
      </Typography>
      {concierge.remarks ? (
        <Typography
          id={`fo-${concierge.id}-remarks`}
          variant="body2"
          color="text.secondary"
          sx={{ mb: 1, clear: 'both' }}
        >
          {t('filter.remarks')}: <Localized text={loc.field(concierge, 'remarks')} />
        </Typography>
      ) : null}
      {concierge.copyable_label &&
      (copyOffered(copyPairs(concierge, copies), items) || copied.includes(concierge.id)) ? (
        <Button variant="outlined" size="small" sx={{ mb: 2 }} onClick={() => onCopy(concierge)}>
          {t('applicantFlow.assistant.copy', { label: loc.field(concierge, 'copyable_label').text })}
        </Button>
      ) : null}
      <Stack spacing={2.5} sx={{ mt: 1, clear: 'both' }}>
        {concierge.standard_item_code.map((itemCode) => {
          const item = catalog.get(itemCode) ?? plainItem(itemCode);
          // Where the address is first typed, the postal code fills it (as on the form).
          const address = item.type === 'postal_code' ? addressItemFor(itemCode, codes) : null;
          const bank = bankPairFor(itemCode, codes);
          const state = states.get(itemCode);
          return (
            <StandardItemField
              key={itemCode}
              item={item}
              id={`item-${itemCode}`}
              layout="inline"
              value={items[itemCode]}
              required={item.required}
              error={errors[itemCode]}
              note={fieldNote(t, state, sourceNote(state, savedItems[itemCode], items[itemCode]))}
              readOnly={state?.locked === true}
              onChange={(value) => onItem(itemCode, value)}
              address={
                address
                  ? {
                      value: text(address),
                      onFound: (found, zip) => {
                        onItem(itemCode, zip);
                        onItem(address, found);
                      },
                    }
                  : undefined
              }
            >
              {bank && state?.locked !== true ? (
                <BankLookup
                  id={`item-${itemCode}`}
                  kind={bank.kind}
                  bankCode={bank.kind === 'branch' ? text(bank.bank) : undefined}
                  onFound={(code, name) => {
                    onItem(itemCode, code);
                    onItem(bank.name, name);
                  }}
                />
              ) : null}
            </StandardItemField>
          );
        })}
      </Stack>
      {why}
    </Paper>
  );
}
