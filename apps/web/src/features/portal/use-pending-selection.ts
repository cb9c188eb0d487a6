import { useEffect, useState } from 'react';

/** The Pending tab's choice: the ticked payments and the amounts typed for variable-amount heads. */
export interface PendingSelection {
  selected: Set<string>;
  setSelected: (next: Set<string>) => void;
  /** Payment id to the text typed into its amount field. */
  entered: Record<string, string>;
  enter: (paymentId: string, text: string) => void;
}

/**
 * The Pending tab's (and a payment link's) ticked payments and typed amounts (`docs/domain.md`,
 * §2 "Pending tab"); a payment that is no longer in `pendingItems` drops out of the selection.
 * @param pendingItems the pending payments as last loaded (only their ids are read); undefined while loading
 * @param initial the ids ticked at first (none unless given)
 */
export function usePendingSelection(
  pendingItems: readonly { _id: string }[] | undefined,
  initial: () => Set<string> = () => new Set(),
): PendingSelection {
  const [selected, setSelected] = useState<Set<string>>(initial);
  const [entered, setEntered] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!pendingItems) return;
    setSelected((current) => {
      const ids = new Set(pendingItems.map((item) => item._id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [pendingItems]);

  const enter = (paymentId: string, text: string) => setEntered((current) => ({ ...current, [paymentId]: text }));
  return { selected, setSelected, entered, enter };
}
