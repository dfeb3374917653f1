// The head of an assistant page: breadcrumbs, the illustration, the category and the page's heading (which
// takes focus on a new page), the progress (this page's number and the most pages there can be), and why
// the page is shown.
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConciergeCategory, ConciergeSubCategory } from '@portal/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { ruleReasons, type LabelIndex } from './assistant';
import { CategoryTitle, PageImage, Why } from './AssistantPageParts';

export function AssistantHeader({
  sub,
  categories,
  index,
  most,
  labels,
  headingRef,
}: {
  sub: ConciergeSubCategory;
  categories: readonly ConciergeCategory[];
  /** The page's place among the shown pages (0-based). */
  index: number;
  /** The most pages the configuration can show: a total that never grows as answers show pages. */
  most: number;
  labels: LabelIndex;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const category = categories.find((c) => c.concierge_sub_category.some((s) => s.id === sub.id));
  return (
    <>
      {/* A page without breadcrumbs gets no empty navigation landmark. */}
      {sub.breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label={t('applicantFlow.assistant.breadcrumbs')}>
          {loc.list(sub.breadcrumbs, sub.en?.breadcrumbs).map((crumb, i) => (
            <Typography
              key={`${i}:${crumb.text}`}
              variant="body2"
              aria-current={i === sub.breadcrumbs.length - 1 ? 'page' : undefined}
              sx={{ color: i === sub.breadcrumbs.length - 1 ? 'text.primary' : 'text.secondary' }}
            >
              <Localized text={crumb} />
            </Typography>
          ))}
        </Breadcrumbs>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PageImage type={sub.image_type} />
        <Box sx={{ minWidth: 0 }}>
          {category?.title.trim() ? (
            <Typography variant="body2" color="text.secondary">
              <CategoryTitle category={category} />
            </Typography>
          ) : null}
          <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
            <Localized text={loc.field(sub, 'name')} />
          </Typography>
        </Box>
      </Stack>

      {/* No bar: a bar needs the real total, which the answers still decide (decision 0043). */}
      <Typography id="assistant-progress" variant="body2">
        {t('applicantFlow.assistant.progress', { current: index + 1, most })}
      </Typography>

      <Why
        id={`page-${sub.id}`}
        label={t('applicantFlow.why.page')}
        reasons={ruleReasons(sub.view_rules, labels)}
      />
    </>
  );
}
