export { LanguageSelect } from './LanguageSelect.tsx';
