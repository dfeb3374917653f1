// Up and down buttons that move one entry of an ordered list (a category, a sub category, a question,
// an option), named with the entry for screen readers; the focus stays on the moved entry's button (or
// its other one at either end), so moving again is one more key press.
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useFocusAfterChange } from './RowList';

export function OrderButtons({
  id,
  name,
  first,
  last,
  onMove,
}: {
  /** Stable through moves (made from the entry's id): the buttons are `${id}-up` and `${id}-down`. */
  id: string;
  /** The entry, in the buttons' names. */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const move = (by: -1 | 1) => {
    onMove(by);
    focus(`${id}-${by < 0 ? 'up' : 'down'}`, `${id}-${by < 0 ? 'down' : 'up'}`);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      <Button
        id={`${id}-up`}
        size="small"
        variant="outlined"
        startIcon={<ArrowUpwardIcon />}
        disabled={first}
        aria-label={t('mastertool.editor.moveUp', { name })}
        onClick={() => move(-1)}
      >
        {t('mastertool.editor.up')}
      </Button>
      <Button
        id={`${id}-down`}
        size="small"
        variant="outlined"
        startIcon={<ArrowDownwardIcon />}
        disabled={last}
        aria-label={t('mastertool.editor.moveDown', { name })}
        onClick={() => move(1)}
      >
        {t('mastertool.editor.down')}
      </Button>
    </Stack>
  );
}
