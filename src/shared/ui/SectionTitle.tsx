import { useEffect } from 'react';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pageTitle } from '@/shared/config/routes';

/**
 * Sets the document title to a section that a page changes without navigating (the sign-up administrator
 * checkbox); the layout sets the route's own on every navigation.
 */
export function SectionTitle({ section }: { section: string }) {
  useEffect(() => {
    document.title = pageTitle(section, getRuntimeConfig().titlePrefix);
  }, [section]);
  return null;
}
