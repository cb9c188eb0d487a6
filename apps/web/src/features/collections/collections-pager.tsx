import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The page buttons under the cashier's lists (Collect Dues, My Collections): shown only when there
 * is more than one page; every control named from `collections.pager.*`.
 * @param total the number of pages; `value` the current page, 1-based; `label` names the navigation.
 */
export function CollectionsPager({
  total,
  value,
  onChange,
  label,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      size="sm"
      gap={6}
      getControlProps={(control) => ({ 'aria-label': t(`collections.pager.${control}`) })}
      aria-label={label}
    />
  );
}
