import type { ReactNode } from 'react';

/** A public page's title and the sentence under it. */
export function PageHeader({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <header className="page__header">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
    </header>
  );
}
