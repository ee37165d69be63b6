import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * Click handler of a plain `<a href>` that navigates inside the app without a reload. For links
 * to screens that are added separately (their routes are not in the typed route tree yet);
 * modified clicks (new tab, new window) are left to the browser.
 */
export function useHrefClick(): (href: string) => (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (href) => (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
}
