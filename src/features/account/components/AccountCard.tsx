import type { ReactNode } from 'react';
import { Page } from '@/shared/ui/Page';
import '../account.css';

interface AccountCardProps {
  title: string;
  /** Where Volver leads; no link when absent. */
  backTo?: string;
  narrow?: boolean;
  children: ReactNode;
}

/** The frame of every account screen: the page's Volver link and title, then the card. */
export function AccountCard({ title, backTo, narrow = false, children }: AccountCardProps) {
  return (
    <Page className="account" titleId="account-title" title={title} back={backTo}>
      <div className={`account-card${narrow ? ' account-card--narrow' : ''}`}>{children}</div>
    </Page>
  );
}
