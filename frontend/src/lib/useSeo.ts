import { useEffect } from 'react';

/** What a page tells search engines and link previews. */
export interface Seo {
  title: string;
  description?: string;
  /** Open Graph for shared links (blog posts and slips). */
  og?: { type?: 'website' | 'article'; image?: string | null; url?: string };
}

const setMeta = (
  attribute: 'name' | 'property',
  key: string,
  content: string | undefined,
): void => {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined || content === '') {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
};

/**
 * Sets document.title, the meta description and Open Graph tags while the page is mounted
 * (docs/PRODUCT-RULES.md "Public web app", SEO). Pages without a description keep index.html's.
 */
export const useSeo = ({ title, description, og }: Seo): void => {
  const type = og?.type;
  const image = og?.image ?? undefined;
  const url = og?.url;
  const hasOg = !!og;
  useEffect(() => {
    document.title = title;
    if (description) setMeta('name', 'description', description);
    setMeta('property', 'og:title', hasOg ? title : undefined);
    setMeta('property', 'og:description', hasOg ? description : undefined);
    setMeta('property', 'og:type', hasOg ? (type ?? 'website') : undefined);
    setMeta('property', 'og:image', hasOg ? image : undefined);
    setMeta('property', 'og:url', hasOg ? (url ?? window.location.href) : undefined);
  }, [title, description, hasOg, type, image, url]);
};
