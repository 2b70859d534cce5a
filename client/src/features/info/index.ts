export { InfoArticle } from './InfoArticle.tsx';
