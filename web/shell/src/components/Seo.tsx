import { useEffect } from 'react';
import { applyHead, type Head } from '../lib/head';
import { useRenderContext } from '../lib/render-context';

/**
 * The page's <head>: collected while the server renders (written into the HTML there), applied to the document
 * in the browser after each navigation.
 */
export function Seo(props: Head) {
  const ctx = useRenderContext();
  if (ctx?.head) ctx.head.current = props;
  const key = JSON.stringify(props);
  useEffect(() => {
    applyHead(JSON.parse(key) as Head);
  }, [key]);
  return null;
}
