import { createContext, useContext, type ReactNode } from 'react';

/** Props of a member's payment history dialog (the Payment Summary, docs/domain.md, "§2 Screens"). */
export interface MemberHistoryProps {
  /** The member whose payments to show; null keeps the dialog closed. */
  memberId: string | null;
  /** Who opens it: the admin (export, receipts) or the cashier (also Collect). */
  mode: 'admin' | 'cashier';
  onClose: () => void;
}

/** Renders the dialog for the given props. */
export type RenderMemberHistory = (props: MemberHistoryProps) => ReactNode;

const MemberHistoryContext = createContext<RenderMemberHistory | null>(null);

/**
 * Provides the dialog {@link MemberHistory} shows. The dialog is the collections feature's Payment
 * Summary; features may not import one another (eslint.config.js), so the back-office route, which
 * may, provides it to the members and reports screens.
 */
export const MemberHistoryProvider = MemberHistoryContext.Provider;

/** A member's payment history dialog as the app provides it; nothing when none is provided. */
export function MemberHistory(props: MemberHistoryProps) {
  const render = useContext(MemberHistoryContext);
  return render ? render(props) : null;
}
