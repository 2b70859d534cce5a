export { bullPrefix } from '@bourse/server/platform';
