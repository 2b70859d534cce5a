export { fetchAuthenticationDetail } from './identityApi.ts';
export { PayPasswordSheet } from './PayPasswordSheet.tsx';
