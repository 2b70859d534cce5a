export { bullPrefix } from '@bourse/core/platform';
