import type { StoreCategory } from '@bourse/shared';
import { useLoad } from '../../../lib/useLoad.ts';
import { fetchCategories } from '../storeApi.ts';

/** The storefront's categories in the reader's language, as the server names them; empty until loaded. */
export function useCategoryNames(): { key: StoreCategory; name: string }[] {
  const [categories] = useLoad((signal) => fetchCategories(signal), []);
  return categories.status === 'success' ? categories.data.items.map(({ key, name }) => ({ key, name })) : [];
}
