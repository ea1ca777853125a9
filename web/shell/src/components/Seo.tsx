import { site } from '../config';

interface SeoProps {
  title: string;
  description: string;
  /** Path of this page, e.g. '/news'. */
  path: string;
  noindex?: boolean;
}

/** React 19 hoists these tags into <head> and removes them when the page unmounts. */
export function Seo({ title, description, path, noindex }: SeoProps) {
  const url = `${site.url}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${site.url}/og-image.png`} />
      <meta name="twitter:card" content="summary_large_image" />
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      {noindex && <meta name="googlebot" content="noindex, nofollow" />}
    </>
  );
}
