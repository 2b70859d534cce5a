export * from './categories.ts';
export * from './contracts.ts';
