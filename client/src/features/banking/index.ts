export { fetchCards } from './bankingApi.ts';
export { CardPicker } from './CardPicker.tsx';
export { useIdempotencyKey } from './useIdempotencyKey.ts';
