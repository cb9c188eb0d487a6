import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Page buttons of a list (section 2, "Shared pieces": up to 5 page buttons), every control with
 * an accessible name. Renders nothing for a single page.
 */
export function Pager({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Members page'. */
  label?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t('paymentHeads.pager.label')}>
      <Pagination
        value={page}
        total={pages}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(value) => ({ 'aria-label': t('paymentHeads.pager.page', { page: value }) })}
        getControlProps={(control) => ({ 'aria-label': t(`paymentHeads.pager.${control}`) })}
      />
    </nav>
  );
}
