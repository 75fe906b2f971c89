import { useEffect } from 'react';
import { site } from '../site';

/** Each page names itself in the browser tab and for screen readers. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${site.name}` : site.name;
  }, [title]);
}
