import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { usePageKey } from '../page-context';
import { applyHead, headTags } from './head';
import { useLocale } from './use-locale';

/**
 * A page whose title and description come from its data (a shared deck's name): once known, they
 * replace the page's catalogue title and description in `<title>`, the description and the
 * `og:title` / `og:description` tags. The shell's head manager runs first in the same commit (it
 * sits before the page), so the page's words win whenever both run.
 */
export function useHeadOverride(override: { title: string; description: string } | null): void {
  const intl = useIntl();
  const locale = useLocale();
  const { pathname } = useLocation();
  const page = usePageKey();
  const title = override?.title;
  const description = override?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const tags = headTags({
      page,
      pathname,
      locale,
      messages: intl.messages as Record<string, string>,
      origin: window.location.origin,
    });
    applyHead({ ...tags, title: `${title} · Companion`, description });
  }, [title, description, page, pathname, locale, intl.messages]);
}
