import { useQuery } from '@tanstack/react-query';
import {
  SHOW_APP_GALLERY,
  type Faq,
  type NewsArticle,
  type PublicGalleryItem,
  type ServiceStatus,
  type Setting,
} from '@12yards/api';

// Query keys are the URLs: the default query function (packages/api getQueryFn) fetches the key joined as a path.

export const useNews = () => useQuery<NewsArticle[]>({ queryKey: ['/api/news'] });

export const useFaqs = () => useQuery<Faq[]>({ queryKey: ['/api/faqs'] });

export const useServiceStatus = () => useQuery<ServiceStatus[]>({ queryKey: ['/api/service-status'] });

/** The App Gallery button shows only when the setting's value is exactly 'true'. */
export function useShowAppGallery(): boolean {
  const { data } = useQuery<Setting>({ queryKey: [`/api/settings/${SHOW_APP_GALLERY}`] });
  return data?.value === 'true';
}

/** Fetched only while the gallery dialog is open. */
export const useAppGallery = (open: boolean) =>
  useQuery<PublicGalleryItem[]>({ queryKey: ['/api/app-gallery'], enabled: open });
